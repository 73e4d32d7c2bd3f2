/// A reading of a hybrid logical clock (Kulkarni et al., "Logical Physical Clocks", 2014): the
/// greatest wall time in milliseconds this machine has seen, from its own clock or from
/// another machine's change, a counter that orders events within that millisecond, and the
/// machine's number, which orders two machines' events that share both.
///
/// Readings are totally ordered, and a machine's next reading is always later than every
/// reading it has made or received, whatever its wall clock does (set back a day, stopped):
/// the order in which the shared store's merge rules let the last writer win
/// (`docs/local-first.md`).
public struct HybridTime: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// The physical part: milliseconds since 1970, the greatest wall time seen.
  public var milliseconds: Int64
  /// The logical part: events within `milliseconds`, counted from 0.
  public var counter: UInt16
  /// The machine that made the reading: the last tie-break.
  public var machine: UInt16

  /// The milliseconds a reading may hold: from 1970 to past the year 6000. A wall clock
  /// outside is taken at the nearer bound; a reading from outside beyond it is refused, so
  /// no step past it can overflow.
  public static let milliseconds: ClosedRange<Int64> = 0...(1 << 47)

  public init(milliseconds: Int64, counter: UInt16 = 0, machine: UInt16) {
    self.milliseconds = milliseconds
    self.counter = counter
    self.machine = machine
  }

  public static func < (lhs: HybridTime, rhs: HybridTime) -> Bool {
    (lhs.milliseconds, lhs.counter, lhs.machine) < (rhs.milliseconds, rhs.counter, rhs.machine)
  }

  /// `milliseconds.counter@machine`, the way logs and tests show a reading.
  public var description: String { "\(milliseconds).\(counter)@\(machine)" }
}

/// One machine's hybrid logical clock: each change made here takes `now(wall:)`; each
/// change received from another machine is passed to `receive(_:wall:)`, so the readings
/// this clock gives afterwards are later than it.
public struct HybridClock: Sendable {
  /// The machine this clock belongs to (`HybridTime.machine` of its readings).
  public let machine: UInt16
  /// The latest reading this clock has given or received; `nil` before the first.
  public private(set) var latest: HybridTime?

  /// A clock that has given nothing yet, or that goes on from `latest` (kept on disk
  /// between runs, so a restart with the wall clock set back still moves forward); a
  /// `latest` outside `HybridTime.milliseconds` is taken at the nearer bound.
  public init(machine: UInt16, latest: HybridTime? = nil) {
    self.machine = machine
    self.latest = latest.map {
      HybridTime(
        milliseconds: HybridTime.milliseconds.clamped($0.milliseconds), counter: $0.counter,
        machine: $0.machine)
    }
  }

  /// The reading for a change made on this machine when its wall clock reads `wall`
  /// (milliseconds since 1970, taken into `HybridTime.milliseconds`): later than every
  /// reading before.
  public mutating func now(wall: Int64) -> HybridTime {
    advance(from: [latest].compactMap { $0 }, wall: wall)
  }

  /// Takes in `remote`, another machine's reading, when this machine's wall clock reads
  /// `wall`; returns this machine's reading for taking it in: later than `remote` and than
  /// every reading of this clock before. `nil`, and nothing taken, when `remote` lies
  /// outside `HybridTime.milliseconds` (no Pocket makes one: the change is damaged).
  public mutating func receive(_ remote: HybridTime, wall: Int64) -> HybridTime? {
    guard HybridTime.milliseconds.contains(remote.milliseconds) else { return nil }
    return advance(from: [latest, remote].compactMap { $0 }, wall: wall)
  }

  /// The reading after `readings` at `wall`: at the greatest of their milliseconds and the
  /// wall's, its counter one past the greatest counter of those that stand there (0 when
  /// none does). A counter past its greatest value moves on to the next millisecond, so
  /// the order never wraps.
  private mutating func advance(from readings: [HybridTime], wall: Int64) -> HybridTime {
    let physical = max(
      readings.map(\.milliseconds).max() ?? .min, HybridTime.milliseconds.clamped(wall))
    var reading = HybridTime(milliseconds: physical, machine: machine)
    if let greatest = readings.filter({ $0.milliseconds == physical }).map(\.counter).max() {
      if greatest == .max {
        reading.milliseconds += 1
      } else {
        reading.counter = greatest + 1
      }
    }
    latest = reading
    return reading
  }
}

extension ClosedRange<Int64> {
  /// `value`, or the bound of this range nearest it.
  fileprivate func clamped(_ value: Int64) -> Int64 {
    Swift.min(Swift.max(value, lowerBound), upperBound)
  }
}
