import Presentation

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
