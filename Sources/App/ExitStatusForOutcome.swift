import PocketPresentation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ExitStatus {
  /// The one place that decides which exit status a command's outcome gives: a refusal by
  /// a store that failed is 3, any other refusal 1, everything else 0. The run loop asks
  /// here.
  package init(for outcome: Outcome) {
    switch outcome {
    case .done, .text, .quit:
      self = .done
    case .refused(.storageFailed):
      self = .storeUnusable
    case .refused:
      self = .refused
    }
  }
}

extension ExitStatus {
  /// The status a run that came to `status` ends with once its failed writes are counted:
  /// a failed write turns "done" into `outputFailed`, except the reader of standard output
  /// going away (EPIPE), which ends quietly as SIGPIPE would; a refusal, a usage error or an
  /// unusable store keeps its own status.
  package init(_ status: ExitStatus, after failed: FailedWrites) {
    self = status == .done && !failed.endsQuietly ? .outputFailed : status
  }
}

extension ExitStatus {
  /// The status of a live view a signal ended, 128 + its number as shells report a program
  /// the signal killed: SIGTERM 143, SIGINT 130, and a hang-up (SIGHUP, or the terminal
  /// closing) 129.
  init(endedBy signal: Int32) {
    switch signal {
    case SIGTERM: self = .terminated
    case SIGINT: self = .interrupted
    default: self = .hungUp
    }
  }
}
