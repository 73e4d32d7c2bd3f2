import Foundation
import TextUI

// The `pocket` executable: everything it does lives in TextUI, so tools in this package
// (the benchmark) drive the very same code.
let pocket = Pocket(
  environment: ProcessInfo.processInfo.environment, console: StandardConsole())
let status = await pocket.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
