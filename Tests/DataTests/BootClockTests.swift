import Foundation
import PocketDomain
import TestSupport
import Testing

@testable import PocketData

/// The machine's boot clock, read as the composition root reads it.
@Suite struct BootClockTests {
  #if os(Linux)
    static let hasBootID = FileManager.default.isReadableFile(atPath: BootClock.linuxBootIDPath)

    @Test(.enabled(if: hasBootID, "needs /proc/sys/kernel/random/boot_id"))
    func theBootClockNamesThisBootAndNeverGoesBack() throws {
      let first = try #require(BootClock.read())
      let second = try #require(BootClock.read())
      let id = try String(contentsOfFile: BootClock.linuxBootIDPath, encoding: .utf8)
      #expect(first.bootID == id.trimmingCharacters(in: .whitespacesAndNewlines))
      #expect(first.bootID.count == 36, "a UUID")
      #expect(second.bootID == first.bootID)
      #expect(second.uptime >= first.uptime)
      #expect(first.uptime > .zero)
    }

    @Test func aBootIDThatCannotBeReadGivesNoBootInstant() throws {
      let directory = try Fixtures.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      #expect(BootClock.read(bootIDPath: directory.appendingPathComponent("missing").path) == nil)
      let empty = directory.appendingPathComponent("empty")
      try Foundation.Data().write(to: empty)
      #expect(BootClock.read(bootIDPath: empty.path) == nil)
      let garbage = directory.appendingPathComponent("garbage")
      try Foundation.Data("not a boot id\n".utf8).write(to: garbage)
      #expect(BootClock.read(bootIDPath: garbage.path) == nil)
      let good = directory.appendingPathComponent("boot_id")
      try Foundation.Data("0f2c3f6e-6d1a-4c55-8d5e-1f6c2a7b9e10\n".utf8).write(to: good)
      #expect(
        BootClock.read(bootIDPath: good.path)?.bootID == "0f2c3f6e-6d1a-4c55-8d5e-1f6c2a7b9e10")
    }
  #endif
}
