import Foundation
import PocketData
import PocketDomain
import Testing

@Suite struct SampleNoticesTests {
  @Test func noticesAreManyDistinctAndNewestFirstInNovember2026() {
    let notices = SampleNotices.all
    #expect(notices.count >= 15)
    #expect(Set(notices.map(\.url)).count == notices.count)
    #expect(notices.allSatisfy { $0.url.hasPrefix("https://notice.example.com/articles/") })
    #expect(notices.allSatisfy { !$0.title.isEmpty })
    #expect(zip(notices, notices.dropFirst()).allSatisfy { $0.date > $1.date })
    let november =
      Date(timeIntervalSince1970: 1_793_458_800)..<Date(timeIntervalSince1970: 1_796_050_800)
    #expect(notices.allSatisfy { november.contains($0.date) }, "November 2026, Korea time")
  }
}
