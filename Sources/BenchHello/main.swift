// The start-up baseline of `pocket-bench --process`: a release process that imports
// Foundation only and prints one line. `pocket`'s start is measured against it.
import Foundation

print("hello from \(ProcessInfo.processInfo.processName)")
