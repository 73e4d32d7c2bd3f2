import Foundation
import PocketPresentation
import Testing

/// Korean texts that said something other than their English: 쓰다 reads as "write", so a
/// file or store that could not be *read* was said to be unwritable; and "새 환율 나옴"
/// ("new rates are out") was shown when only the expected update time had passed.
@Suite("Korean wording says what the English says")
struct KoreanWordingTests {
  let korean = Strings(language: .ko, timeZone: .gmt)

  @Test func aFileOrStoreThatCannotBeReadIsNotCalledUnwritable() {
    for message in [
      Message.fileFailed(path: "/tmp/in.json", reason: .system("x")),
      .storageFailed(path: "/tmp/store", reason: .system("x")),
    ] {
      let text = korean.text(message)
      #expect(!text.contains("쓸 수 없"), "\(text)")
      #expect(text.contains("사용할 수 없습니다"), "\(text)")
    }
  }

  @Test func anUpdateTimeThatPassedDoesNotClaimNewRates() {
    let text = korean.published(
      Date(timeIntervalSince1970: 0), dueSince: Date(timeIntervalSince1970: 0), source: true)
    #expect(!text.contains("새 환율"))
    #expect(text.contains("갱신 시각 지남"))
  }
}
