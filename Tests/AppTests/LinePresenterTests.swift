import Foundation
import PocketData
import PocketDomain
import PocketPresentation
import PocketTesting
import TestSupport
import Testing

@testable import PocketApp

/// What line mode prints, driven by Observation: one print per change of what the screen
/// shows, none for a refusal, one for two changes in one command, always one for `show`.
@MainActor
@Suite("Line presenter")
struct LinePresenterTests {
  /// What the presenter wrote, one element per write.
  final class Output {
    var writes: [String] = []
  }

  let chat = ChatViewModel(
    chat: InMemoryStore().repositories.chat, now: { Date(timeIntervalSince1970: 0) })
  let renderer = Renderer(strings: Strings(language: .en, timeZone: .gmt))
  let output = Output()

  func makePresenter(_ content: @escaping @MainActor () -> ScreenContent) -> LinePresenter {
    LinePresenter(renderer: renderer, content: content) { [output] in output.writes.append($0) }
  }

  func makePresenter() -> LinePresenter {
    makePresenter { [chat] in ScreenContent(chat.state) }
  }

  var chatScreen: String { renderer.render(ScreenContent(chat.state)) }

  @Test func theFirstFlushPrintsTheScreenAndAnUnchangedOneNothing() async {
    let presenter = makePresenter()
    await chat.load()
    presenter.flush()
    presenter.flush()
    #expect(output.writes == [chatScreen])
    #expect(presenter.renderCount == 1)
  }

  @Test func aChangeInACommandPrintsTheNewScreenOnce() async {
    let presenter = makePresenter()
    presenter.flush()
    presenter.beginCommand()
    await chat.send("hello")
    presenter.flush(confirmation: nil)
    presenter.endCommand()
    await presenter.settle()
    presenter.flush()
    #expect(output.writes.count == 2)
    #expect(output.writes.last == chatScreen)
    #expect(output.writes.last?.contains("hello") == true)
    #expect(presenter.renderCount == 2)
  }

  @Test func twoChangesInOneCommandPrintOnce() async {
    let presenter = makePresenter()
    presenter.flush()
    presenter.beginCommand()
    await chat.send("one")
    await chat.send("two")
    await presenter.settle()
    #expect(output.writes.count == 1, "nothing printed while the command runs")
    presenter.flush()
    presenter.endCommand()
    #expect(output.writes.count == 2)
    #expect(output.writes.last == chatScreen)
    #expect(output.writes.last?.contains("Messages: 2") == true)
    #expect(presenter.renderCount == 2)
  }

  @Test func aRefusalRendersNothing() async {
    let presenter = makePresenter()
    presenter.flush()
    presenter.beginCommand()
    await chat.send("   ")
    #expect(chat.state.message?.isRefusal == true)
    // The run loop prints only the reason of a refusal.
    presenter.endCommand()
    await presenter.settle()
    #expect(output.writes.count == 1)
    #expect(presenter.renderCount == 1)
  }

  @Test func aChangeNothingShowsPrintsOnlyTheConfirmation() async {
    let presenter = makePresenter()
    presenter.flush()
    presenter.beginCommand()
    await chat.send("   ")  // changes the view model's message, which the screen does not show
    presenter.flush(confirmation: .bookmarkAdded("Notice"))
    presenter.endCommand()
    #expect(output.writes == [chatScreen, "Bookmarked: Notice\n"])
  }

  @Test func aChangedScreenPrintsWithItsConfirmationBelow() async {
    let presenter = makePresenter()
    presenter.flush()
    presenter.beginCommand()
    await chat.send("hello")
    presenter.flush(confirmation: .bookmarkAdded("Notice"))
    presenter.endCommand()
    #expect(
      output.writes.last
        == renderer.render(ScreenContent(chat.state), message: .bookmarkAdded("Notice")))
  }

  @Test func showAlwaysPrintsTheScreen() {
    let presenter = makePresenter()
    presenter.flush()
    presenter.flush(force: true)
    presenter.flush(force: true)
    #expect(output.writes == [chatScreen, chatScreen, chatScreen])
  }

  /// A change no command made (a refresh finishing, a ticking stopwatch) prints through the
  /// same observation, once the change is complete.
  /// A one-shot command's presenter (`observes: false`) prints the state as its command
  /// left it, once, and sets up no observation: a change after prints nothing by itself.
  @Test func aPresenterThatDoesNotObservePrintsTheStateOnceAndNothingByItself() async {
    let presenter = LinePresenter(
      renderer: renderer, content: { [chat] in ScreenContent(chat.state) },
      write: { [output] in output.writes.append($0) }, observes: false)
    await chat.send("done")
    presenter.flush()
    #expect(output.writes == [chatScreen])
    #expect(output.writes.first?.contains("done") == true)
    await chat.send("later")
    await presenter.settle()
    #expect(output.writes.count == 1)
    #expect(presenter.renderCount == 1)
  }

  @Test func aChangeOutsideACommandPrintsByItself() async {
    let presenter = makePresenter()
    presenter.flush()
    await chat.send("later")
    await presenter.settle()
    #expect(output.writes.count == 2)
    #expect(output.writes.last == chatScreen)
    #expect(output.writes.last?.contains("later") == true)
    // Printed already: the command that follows prints nothing more.
    presenter.flush()
    #expect(output.writes.count == 2)
  }

  @Test func aChangeToWhatTheScreenDoesNotReadRendersNothing() async {
    let other = ChatViewModel(
      chat: InMemoryStore().repositories.chat, now: { Date(timeIntervalSince1970: 0) })
    let presenter = makePresenter()
    presenter.flush()
    await other.send("elsewhere")
    await presenter.settle()
    presenter.flush()
    #expect(output.writes.count == 1)
    #expect(presenter.renderCount == 1)
  }

  @Test func afterStopNothingPrintsByItself() async {
    let presenter = makePresenter()
    presenter.flush()
    presenter.stop()
    await chat.send("late")
    await presenter.settle()
    #expect(output.writes.count == 1)
  }

  /// Rendering a running stopwatch reads the clock but changes nothing it observes: time
  /// passing alone prints nothing in line mode, and `show` prints the time now.
  @Test func renderingARunningStopwatchIsAPureRead() async {
    let clock = ManualClock()
    let stopwatch = StopwatchViewModel(
      stopwatch: InMemoryStore().repositories.stopwatch, timeline: .manual(clock))
    let presenter = makePresenter { [stopwatch] in ScreenContent(stopwatch.stateNow) }
    await stopwatch.startTapped()
    presenter.flush()
    clock.advance(by: .seconds(5))
    presenter.flush()
    await presenter.settle()
    #expect(output.writes.count == 1)
    #expect(presenter.renderCount == 1)
    let state = stopwatch.state
    presenter.flush(force: true)
    #expect(stopwatch.state == state, "drawing changed nothing")
    #expect(output.writes.last?.contains("00:05.00") == true)
  }
}
