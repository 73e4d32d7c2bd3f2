// The entries reach App's and Data's internals (`@testable import`), which only a debug build
// allows; `swift build -c release` builds every target, so there this module is empty.
#if DEBUG
  import Foundation

  /// The fuzz targets' entry points: each takes the bytes libFuzzer (or a corpus file) gives
  /// and drives the real code with them, no mocks. An assertion that fails ends the process
  /// (`FuzzCheck.fail`), so libFuzzer reports the input; a thrown error of the code under
  /// test is an answer, not a failure.
  ///
  /// `Tests/Fuzz/Targets/<name>/` holds each target's `LLVMFuzzerTestOneInput`, which calls
  /// the entry `FuzzEntries.all` names so; `FuzzRegressionTests` replays every corpus and
  /// regression file through the same entries.
  public enum FuzzEntries {
    /// An entry: the bytes in, nothing out. Run on the main actor (the session and the live
    /// view run there in `pocket`).
    public typealias Entry = @MainActor ([UInt8]) async -> Void

    /// Whether the folders an input runs in stay until the process exits, as a test
    /// process needs (`TemporaryFolder.withCurrent`); libFuzzer's removes them after each.
    @MainActor public static var keepsFoldersUntilExit = false

    /// Every target by its name (its folder under `Tests/Fuzz/Targets`, `Corpus` and
    /// `Regressions`).
    @MainActor public static let all: [String: Entry] = {
      var entries: [String: Entry] = [
        "line-session": { await lineSession($0) },
        "json-store": { await jsonStore($0) },
        "input-line": { await inputLine($0) },
        "rates": { await rates($0) },
      ]
      for (name, entry) in synchronous { entries[name] = { entry($0) } }
      for (name, entry) in onMainActor { entries[name] = { entry($0) } }
      return entries
    }()

    /// The targets whose code runs on the main actor and never waits: called directly on
    /// the main thread, without a task and a turn of its run loop.
    @MainActor static let onMainActor: [String: @MainActor ([UInt8]) -> Void] = [
      "parser": { parser($0) }
    ]

    /// The targets whose code runs on any thread and never waits: called directly.
    static let synchronous: [String: @Sendable ([UInt8]) -> Void] = [
      "archive": { archive($0) },
      "keys": { keys($0) },
      "dates-amounts": { datesAndAmounts($0) },
    ]

    /// Runs the entry `name` on `bytes` to its end from the main thread outside any task,
    /// as `LLVMFuzzerTestOneInput` is called: an entry of `synchronous` or `onMainActor`
    /// directly, another as a task on the main actor, whose jobs the main run loop runs
    /// meanwhile (the caller's thread turns it until the task is done).
    public static func runFromMainThread(_ name: String, _ bytes: [UInt8]) {
      if let entry = synchronous[name] { return entry(bytes) }
      let ranOnMainActor = MainActor.assumeIsolated { () -> Bool in
        guard let entry = onMainActor[name] else { return false }
        entry(bytes)
        return true
      }
      if ranOnMainActor { return }
      let done = Finished()
      Task { @MainActor in
        guard let entry = all[name] else { FuzzCheck.fail("no fuzz entry named \(name)") }
        await entry(bytes)
        done.value = true
      }
      // A turn ends once a job has run, and has no time limit: for a turn with one, CFRunLoop
      // arms a dispatch timer, whose allocations libdispatch keeps for reuse, and libFuzzer
      // runs an input that allocates more than it frees again and scans the heap for leaks
      // (with a limit of 1 ms, a line session ran at a third of the speed).
      while !done.value {
        _ = RunLoop.main.run(mode: .default, before: .distantFuture)
      }
    }
  }

  /// Set by the main actor, read by the main thread that turns its run loop.
  private final class Finished: @unchecked Sendable {
    var value = false
  }

  /// What a failed assertion of a fuzz entry does: crash with a description, so libFuzzer
  /// saves the input and the regression replay stops on it.
  enum FuzzCheck {
    static func fail(_ description: String) -> Never {
      fatalError("fuzz: \(description)")
    }

    static func require(_ condition: Bool, _ description: @autoclosure () -> String) {
      if !condition { fail(description()) }
    }

    /// The bytes of `text` as a short readable quote for a failure's description.
    static func quote(_ text: String) -> String {
      String(text.debugDescription.prefix(400))
    }
  }
#endif
