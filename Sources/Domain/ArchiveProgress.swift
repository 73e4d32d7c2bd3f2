/// How far a long import or export has come, for a front end that shows it.
///
/// The store and the archive files report it to `sink`, a task-local value the front end
/// sets around one command: the use cases, their repositories' protocols and the view
/// models stay as they are, and a task without a sink (a test, a script) reports nothing.
public struct ArchiveProgress: Equatable, Sendable {
  /// The step an export or an import is at.
  public enum Stage: Equatable, Sendable {
    /// Chat messages decoded from the archive file.
    case reading
    /// Chat messages written to the store.
    case importing
    /// Chat messages written to an export file.
    case exporting
  }

  public var stage: Stage
  /// Chat messages done so far, of `total`.
  public var done: Int
  public var total: Int

  public init(stage: Stage, done: Int, total: Int) {
    self.stage = stage
    self.done = done
    self.total = total
  }

  /// Where progress goes: a front end's reporter, or nowhere.
  public struct Sink: Sendable {
    let report: (@Sendable (ArchiveProgress) -> Void)?

    public init(_ report: @escaping @Sendable (ArchiveProgress) -> Void) {
      self.report = report
    }

    private init() { report = nil }

    public static let nowhere = Sink()
  }

  /// Where the progress of work done in this task goes.
  @TaskLocal public static var sink = Sink.nowhere

  /// A reporter of `stage`'s progress to the current task's sink, taken now (so it can be
  /// called from work the task hands to another thread); `nil` when there is no sink.
  public static func reporter(_ stage: Stage) -> (@Sendable (_ done: Int, _ total: Int) -> Void)? {
    guard let report = sink.report else { return nil }
    return { done, total in report(ArchiveProgress(stage: stage, done: done, total: total)) }
  }
}
