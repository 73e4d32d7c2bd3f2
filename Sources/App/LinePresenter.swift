import Observation
import PocketPresentation
import Synchronization

/// Line mode's screen: prints the current screen when, and only when, what it shows has
/// changed since it was last printed.
///
/// It renders the screen inside `withObservationTracking`, so Observation tells it when
/// anything that rendering read changes: a command's intent, or a change no command made
/// (a `refresh` finishing, a ticking stopwatch). It then re-renders on the main actor, and
/// prints the new screen if its text differs from the one printed last (a change to a
/// field the screen does not show, such as a view model's message, prints nothing).
///
/// The run loop brackets each command with `beginCommand()` and `endCommand()` and calls
/// `flush` for a command that is done, so a command's changes print once, after it, with
/// its confirmation. A change made while no command runs flushes by itself once that
/// change is complete. The renderer is pure and shared: another presenter (a live
/// terminal view) can draw the same `ScreenContent` with it.
@MainActor
package final class LinePresenter {
  private let renderer: Renderer
  private let content: @MainActor () -> ScreenContent
  private let write: @MainActor (String) -> Void
  /// Told what the user sees whenever the screen on the terminal is the one rendered last.
  private let showed: @MainActor (ScreenContent) -> Void
  private let changes = Changes()
  /// Read by every render, so that `stop()` ends the observation.
  private let lifetime = Lifetime()
  /// The screen as last rendered, and what it was rendered from; `nil` before the first
  /// render.
  private var rendered: String?
  private var renderedContent: ScreenContent?
  /// The screen as last printed; `nil` before the first print.
  private var printed: String?
  /// How many times the screen was rendered (drawn from view-model state), printed or not.
  package private(set) var renderCount = 0
  /// Whether a render observes what it reads. A one-shot command prints its screen once,
  /// after it ran, and nothing after: it sets up no observation nobody would use (and so
  /// none of Observation's tables).
  private let observes: Bool

  /// - Parameters:
  ///   - content: what the current screen shows; a pure read of view-model state.
  ///   - write: where the text goes (standard output).
  ///   - showed: told what the terminal shows after each flush that leaves the screen
  ///     rendered last on it (printed now or before): what a number typed next refers to.
  ///   - observes: `false` for a presenter that flushes once and is stopped (a one-shot
  ///     command): its one render reads the state without observing it.
  package init(
    renderer: Renderer, content: @escaping @MainActor () -> ScreenContent,
    write: @escaping @MainActor (String) -> Void,
    showed: @escaping @MainActor (ScreenContent) -> Void = { _ in }, observes: Bool = true
  ) {
    self.observes = observes
    self.renderer = renderer
    self.content = content
    self.write = write
    self.showed = showed
  }

  /// A command is running: changes wait for its end.
  package func beginCommand() {
    changes.withLock { $0.commandIsRunning = true }
  }

  /// The command ended. The run loop has printed what it had to (`flush` for a command
  /// that is done; only a reason for a refusal); changes not printed stay marked.
  package func endCommand() {
    changes.withLock { $0.commandIsRunning = false }
  }

  /// Stops observing. An observation holds what it observes until something it read
  /// changes; this is that change, so the view models, and the store behind them, are
  /// released (and a SQLite store closed) when the run ends.
  package func stop() {
    changes.withLock { $0.isStopped = true }
    lifetime.isOver = true
  }

  /// Prints the screen if what it shows changed since it was last printed (always when
  /// `force`, as for `show`), then `confirmation` on a line of its own. `leading` goes
  /// before the screen when it prints (a line break after a prompt).
  /// - Returns: whether the screen was printed.
  @discardableResult
  package func flush(confirmation: Message? = nil, force: Bool = false, leading: String = "")
    -> Bool
  {
    let changed = changes.withLock { state in
      defer { state.changed = false }
      return state.changed
    }
    if changed || force || rendered == nil { render() }
    guard let screen = rendered else { preconditionFailure("rendered above") }
    let message = confirmation.map {
      TerminalText.escaping(renderer.strings.text($0), keepingNewlines: false) + "\n"
    }
    let prints = force || screen != printed
    if prints {
      printed = screen
      write(leading + screen + (message.map { "\n" + $0 } ?? ""))
    } else if let message {
      write(message)
    }
    if let renderedContent { showed(renderedContent) }
    return prints
  }

  /// Waits until the flushes scheduled by changes made outside a command have run.
  package func settle() async {
    while let task = changes.withLock({ state in
      defer { state.scheduled = nil }
      return state.scheduled
    }) {
      await task.value
    }
  }

  /// Renders the screen, observing what the rendering reads.
  private func render() {
    renderCount += 1
    guard observes else {
      let content = content()
      (rendered, renderedContent) = (renderer.render(content), content)
      return
    }
    (rendered, renderedContent) = withObservationTracking {
      _ = lifetime.isOver
      let content = content()
      return (renderer.render(content), content)
    } onChange: { [changes] in
      // Runs on the mutating thread before the change is stored: only mark it, and
      // schedule the flush for after it when no command is running.
      changes.withLock { state in
        state.changed = true
        guard !state.commandIsRunning, !state.isStopped else { return }
        state.scheduled = Task { @MainActor [weak self] in self?.flushOutsideCommand() }
      }
    }
  }

  /// A change no command made: prints it, once something has been printed.
  private func flushOutsideCommand() {
    let idle = changes.withLock { !$0.commandIsRunning && !$0.isStopped }
    guard idle, printed != nil else { return }
    flush()
  }
}

/// What Observation reported, shared with its `onChange`, which may run on any thread.
private final class Changes: Sendable {
  struct State {
    var changed = false
    var commandIsRunning = false
    var isStopped = false
    /// The latest flush scheduled; the ones before it ran first.
    var scheduled: Task<Void, Never>?
  }

  private let state = Mutex(State())

  func withLock<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
    state.withLock { body(&$0) }
  }
}

/// Whether the presenter still observes.
@MainActor @Observable
private final class Lifetime {
  var isOver = false
}
