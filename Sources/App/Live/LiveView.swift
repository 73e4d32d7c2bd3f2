import Foundation
import Observation
import PocketDomain
import PocketPresentation

/// The live view: `pocket` with no command at a terminal. It draws the same screens as
/// line mode (the same `Renderer`) in the terminal's alternate screen, with a status line
/// and a key bar; `LiveController` maps keys to the same `Command`s the line parser makes.
///
/// It redraws only when observed state changes: a frame is composed inside
/// `withObservationTracking` from the view models' state (through `Session.content`) and
/// the controller's `LiveState`, and Observation's change schedules the next frame. Nothing
/// runs while nothing changes; a screen whose feature says it is ticking (`isTicking`: the
/// running stopwatch) changes with time alone, and while it shows, a ticker calls its
/// `tick()` about 30 times a second, whose new state is what redraws. Only the rows that changed are written (`FrameWriter`).
/// A change another process makes to what the screen shows reloads it (`Session.followStore`),
/// and so redraws it the same way; the selection follows its item, and an input line
/// being typed stays.
@MainActor
package final class LiveView {
  private let controller: LiveController
  private let device: any LiveTerminalDevice
  private let events: any LiveTerminalEvents
  private var writer: FrameWriter
  /// The frame on the terminal; `nil` when the next must be drawn whole.
  private var shown: Frame?
  private var isEntered = false
  /// Whether the terminal's width of ambiguous characters is known (answered or timed out):
  /// no frame is drawn before, so the first is laid out with the widths the terminal draws.
  private var isMeasured = false
  private var ticker: Task<Void, Never>?

  /// How often a running stopwatch is shown anew.
  static let tickInterval = Duration.milliseconds(33)

  package convenience init(session: Session, renderer: Renderer) {
    let device = TerminalDevice()
    self.init(
      session: session, renderer: renderer, device: device,
      events: TerminalEvents(device: device))
  }

  init(
    session: Session, renderer: Renderer, device: any LiveTerminalDevice,
    events: any LiveTerminalEvents
  ) {
    self.device = device
    self.events = events
    writer = FrameWriter(ambiguousIsWide: false, colour: renderer.palette != nil)
    controller = LiveController(session: session, renderer: renderer, size: device.size)
  }

  /// Why the view ended, when it was a failure to say after the terminal is given back
  /// (a store that became unusable).
  package var farewell: String? { controller.farewell }

  /// The `errno` of the first frame that could not be written, to report (none for a
  /// terminal that hung up).
  package var writeFailure: Int32? { device.reportedWriteFailure }

  /// Runs until `q`, Ctrl-C, Ctrl-D, the end of input, SIGTERM, SIGHUP, an unusable store
  /// or a frame that could not be written (then it ends with `outputFailed`: no key's
  /// outcome would be seen; with `hungUp` when the terminal had closed); the terminal is given back as it was found on every one of them.
  /// A hang-up or a signal ends it without handling the keys that still wait.
  /// - Returns: `nil` when the terminal cannot be set up (the caller goes on in line mode).
  package func run() async -> ExitStatus? {
    do {
      try device.enter()
    } catch {
      return nil
    }
    isEntered = true
    let stream = events.start()
    // The first frame is drawn once the terminal says how wide it draws `·` (`.measured`).
    events.measureAmbiguousWidth()
    // Another process's change reloads the screen; Observation redraws it. A store that
    // is gone ends the view as a key would.
    let following = controller.session.followStore { [weak self] reload in
      guard let self else { return }
      controller.followed(await reload())
      // What the store learnt meanwhile (its server silent: its copy shown).
      await controller.showWarnings()
      // The window is grown once the reload has let go of the session's gate.
      Task { await controller.refill() }
      if controller.exit != nil { events.stop() }
    }
    // The screen seen last opens with as much of its list as the terminal shows, and what
    // the store warns of from the start (its copy shown while its server does not answer).
    await controller.refill()
    await controller.showWarnings()
    let refreshing = Self.refreshingWhenDue(controller)
    for await event in stream {
      await handle(event)
      if controller.exit != nil || device.writeFailure != nil { break }
    }
    refreshing.cancel()
    following.cancel()
    await following.value
    ticker?.cancel()
    events.stop()
    // The process ends with the view. A terminal that hung up sends SIGHUP too, perhaps only
    // after its closing was seen (end of input, or a frame it refused): from here that signal
    // changes nothing, instead of ending the process by signal on its way out.
    signal(SIGHUP, SIG_IGN)
    device.leave()
    isEntered = false
    // A frame the terminal refused because it closed (EIO) is a hang-up, as its SIGHUP
    // would have said had it come first.
    let hungUp = device.writeFailure != nil && device.reportedWriteFailure == nil
    return ExitStatus(
      controller.exit ?? (hungUp ? .hungUp : .done),
      after: FailedWrites(output: device.reportedWriteFailure))
  }

  // MARK: Drawing

  /// Composes the frame from observed state and writes what changed. Observation calls
  /// back when anything the composition read changes.
  private func draw() {
    guard isEntered, isMeasured else { return }
    let frame = withObservationTracking {
      updateTicker(controller.isTicking)
      return controller.frame()
    } onChange: { [weak self] in
      // Runs before the change is stored: draw after it, on the main actor.
      Task { @MainActor [weak self] in self?.draw() }
    }
    let update = writer.update(from: shown, to: frame, size: controller.state.size)
    shown = frame
    device.write(update)
    // The terminal took no frame: end the events, and with them the view.
    if device.writeFailure != nil { events.stop() }
  }

  /// Starts the ticker while the screen shown is ticking and stops it otherwise.
  private func updateTicker(_ isTicking: Bool) {
    if isTicking, ticker == nil {
      ticker = Task { [weak self] in
        while !Task.isCancelled {
          try? await Task.sleep(for: Self.tickInterval)
          self?.controller.tick()
        }
      }
    } else if !isTicking, let running = ticker {
      running.cancel()
      ticker = nil
    }
  }

  // MARK: Events

  private func handle(_ event: TerminalEvent) async {
    switch event {
    case .keys(let keys):
      defer { events.didHandleKeys() }
      for key in keys {
        // A hang-up ends the view at once, whatever keys still wait.
        if events.hasEnded() {
          controller.exit = ExitStatus(endedBy: events.endingSignal ?? SIGHUP)
          return
        }
        switch key {
        case .control("z"):
          suspend()
        case .control("l"):
          shown = nil
          draw()
        default:
          await controller.handle(key)
        }
        if controller.exit != nil { return }
      }
    case .resized(let size):
      shown = nil
      controller.resize(to: size)
      await controller.refill()
    case .terminate(let signal):
      controller.exit = ExitStatus(endedBy: signal)
    case .endOfInput:
      controller.exit = .hungUp
    case .resumed:
      resume()
    case .measured(let ambiguousIsWide):
      // No answer: one column, as most terminals and tmux draw them.
      let wide = ambiguousIsWide ?? false
      writer = FrameWriter(ambiguousIsWide: wide, colour: controller.renderer.palette != nil)
      controller.measured(ambiguousIsWide: wide)
      isMeasured = true
      shown = nil
      draw()
    case .suspend:
      suspend()
    }
  }

  /// Ctrl-Z, or SIGTSTP from outside: the terminal is given back, the process stops, and
  /// once continued (`fg`) the view takes the terminal again and draws it whole.
  private func suspend() {
    isEntered = false
    device.suspend(evenIfIgnored: events.listensToSuspend)
    resume()
  }

  /// Back from Ctrl-Z: the terminal is set up again and drawn whole.
  private func resume() {
    guard !isEntered else { return }
    try? device.enter()
    isEntered = true
    shown = nil
    controller.resize(to: device.size)
    draw()
  }
}
