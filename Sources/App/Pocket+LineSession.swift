import PocketPresentation

/// An interactive line session's loop, and how it follows the store.
extension Pocket {
  /// The loop of `runInteractive`: runs each line `inbox` gives, until the session ends.
  func readCommands(
    _ session: Session, _ strings: Strings, _ presenter: LinePresenter, _ inbox: LineInbox,
    bail: Bool
  ) async -> ExitStatus {
    /// The status of the first command that was not done.
    var firstFailure: ExitStatus?
    var status: ExitStatus { firstFailure ?? .done }
    while true {
      if console.isInteractive { console.write("> ") }
      guard console.failedWrites.isEmpty else { return status }
      guard let typed = await inbox.next() else { return inbox.ending ?? status }
      // A line is one command to another process's change: that is shown before the line
      // runs or after it has printed everything, never in between. `nil`: go on.
      let stop: ExitStatus? = await session.asOneCommand {
        presenter.beginCommand()
        defer { presenter.endCommand() }
        let result: LineResult
        switch typed {
        case .text(let line):
          result = await confirming(
            await handle(line, session, interruptible: true), session, strings,
            asking: console.isInteractive)
        case .notUTF8(let shown):
          // Refused whole, never repaired: a path in it would name another file.
          result = .usage(.notUTF8(.line, shown: shown))
        }
        await printWarnings(of: session.store, strings)
        switch result {
        case .blank:
          return nil
        case .usage(let error):
          reportError(error.text(strings.language))
          firstFailure = firstFailure ?? error.exitStatus
          if bail { return status }
        case .outcome(.done(let message), let showsScreen):
          presenter.flush(confirmation: message, force: showsScreen)
        case .outcome(.refused(let message), _):
          reportError(strings.text(message))
          let refusal = ExitStatus(for: .refused(message))
          if refusal == .storeUnusable { return .storeUnusable }
          firstFailure = firstFailure ?? refusal
          if bail { return status }
        case .outcome(.text(let text), _):
          console.write(text)
          // `import` replaces what the screen shows.
          presenter.flush()
        case .outcome(.quit, _):
          return status
        }
        return nil
      }
      if let stop { return stop }
      if Interruption.wasRequested { return status }
    }
  }

  /// Prints the screen again when another process changes what it shows, once per burst
  /// of changes, between commands (`Session.followStore`); at a terminal the prompt
  /// follows it. A store that cannot be used any more (gone, damaged) is said, and ends
  /// the session (`ending`) with status 3.
  func followStore(
    _ session: Session, _ strings: Strings, _ presenter: LinePresenter, ending: LineInbox
  ) -> Task<Void, Never> {
    session.followStore { [console] reload in
      presenter.beginCommand()
      let outcome = await reload()
      presenter.endCommand()
      switch outcome {
      case .done:
        // At a terminal the screen starts below the prompt, and the prompt follows it.
        let prompt = console.isInteractive ? "> " : ""
        if presenter.flush(leading: prompt.isEmpty ? "" : "\n") { console.write(prompt) }
      case .refused(let message):
        reportError(strings.text(message))
        if ExitStatus(for: .refused(message)) == .storeUnusable { ending.end(.storeUnusable) }
      case .text, .quit, nil:
        break
      }
    }
  }
}
