import Foundation
import MiniFrontEnd
import PocketData
import PocketDomain
import PocketPresentation

// pocket-mini [STORE.sqlite]: a stopwatch and a chat on an SQLite store (by default one in
// a folder of the user's own under the temporary folder). Commands on standard input, one
// a line; the screen is printed after each, and again when another process changes the
// store.
let path =
  CommandLine.arguments.dropFirst().first
  ?? FileManager.default.temporaryDirectory
  .appending(path: "pocket-mini-\(getuid())/pocket.sqlite").path
let store: SQLiteStore
do {
  store = try SQLiteStore.open(path: path)
} catch {
  // The core's own words for why the store cannot be used.
  FileHandle.standardError.write(
    Data((Strings(language: .en, timeZone: .gmt).text(Message(error)) + "\n").utf8))
  exit(3)
}
let timeline = Timeline(clock: ContinuousClock(), now: { Date() }, boot: BootClock.read)
let frontEnd = MiniFrontEnd(repositories: store.repositories, timeline: timeline)
await frontEnd.load()
print(frontEnd.screen.joined(separator: "\n"))
let following = frontEnd.follow { print(frontEnd.screen.joined(separator: "\n")) }
while let line = readLine() {
  guard await frontEnd.handle(line) else { break }
  print(frontEnd.screen.joined(separator: "\n"))
}
following.cancel()
