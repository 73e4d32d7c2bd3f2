/// Exit statuses of `pocket`.
package enum ExitStatus: Int32 {
  case done = 0
  case refused = 1
  case usage = 2
  case storeUnusable = 3
  /// Standard output or standard error could not be written (a full disk, a closed
  /// descriptor, a terminal gone); what was done before stays done.
  case outputFailed = 4
  /// The live view's terminal hung up (it closed, or SIGHUP came): 128 + SIGHUP, as a
  /// program the signal ends reports it.
  case hungUp = 129
  /// The live view was sent SIGINT from outside (Ctrl-C typed is a key: it quits with 0).
  case interrupted = 130
  /// The live view was sent SIGTERM: 128 + SIGTERM, after the terminal was given back.
  case terminated = 143
}
