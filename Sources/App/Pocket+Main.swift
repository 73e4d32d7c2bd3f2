import Foundation
import PocketDomain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Pocket {
  /// The `pocket` executable: runs with the process's arguments and environment on the
  /// real terminal, then exits with the status.
  package static func main() async -> Never {
    // Before anything opens a file (libdispatch traps when it cannot make its own).
    if let shortage = DescriptorHeadroom.shortage() {
      let language = Options.language(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current())
      DescriptorHeadroom.report(
        free: shortage.free, limit: shortage.limit, hard: shortage.hard, language)
      exit(ExitStatus.storeUnusable.rawValue)
    }
    // Byte for byte: an argument that is not UTF-8 is refused (`Options.text(of:)`), never
    // repaired as `CommandLine.arguments` repairs it.
    let bytes = ProcessArguments.current()
    let notUTF8 = ProcessEnvironment.notUTF8()
    // A postgres store's server is reached from the first moment, while the rest starts;
    // not when an argument or a variable may be refused.
    let waits = StoreWaits()
    let headStart =
      notUTF8.isEmpty
      ? (try? Options.text(of: bytes)).flatMap { arguments in
        OpenedStore.reachServer(arguments, waits: waits) { ProcessEnvironment.current() }
      } : nil
    let environment = ProcessEnvironment.current()
    var pocket = Pocket(environment: environment, console: StandardConsole(), time: .system())
    pocket.showsProgress = true
    pocket.environmentNotUTF8 = notUTF8
    pocket.storeWaits = waits
    if let headStart {
      pocket.openStore = {
        try OpenedStore.open(
          $0, environment: $1, headStart: headStart, waiting: false, waits: $2)
      }
    }
    let status = await pocket.run(argumentBytes: bytes)
    exit(status.rawValue)
  }
}
