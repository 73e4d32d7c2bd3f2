import Foundation
import PocketDomain

/// The notice board Pocket shows: sample notices of a university and its services, in
/// Korean and English, newest first.
public enum SampleNotices {
  public static let all: [Notice] = [
    notice(1058, "2026학년도 동계 계절학기 수강신청 안내", day: 28, 17, 30),
    notice(1057, "Library hours during the winter break", day: 27, 10, 0),
    notice(1056, "기말고사 기간 열람실 24시간 개방 안내", day: 26, 14, 20),
    notice(
      1055, "Scheduled maintenance of the student portal (Dec 5, 02:00–06:00)", day: 25, 9, 15),
    notice(1054, "2027학년도 1학기 국가장학금 1차 신청 안내", day: 23, 11, 0),
    notice(1053, "Call for applications: Spring 2027 exchange programme", day: 21, 16, 45),
    notice(1052, "학생식당 메뉴 개편 설문조사 참여 안내", day: 19, 13, 5),
    notice(1051, "Campus shuttle timetable change from December 1", day: 18, 8, 40),
    notice(1050, "2026학년도 2학기 기말 강의평가 실시 안내", day: 16, 9, 30),
    notice(1049, "Wi-Fi upgrade in the Engineering Building, 3rd floor", day: 14, 15, 0),
    notice(1048, "동계 방학 기숙사 잔류 신청 안내", day: 12, 10, 10),
    notice(1047, "Career fair 2026: registration for students", day: 10, 12, 0),
    notice(1046, "교내 주차장 도색 공사에 따른 통행 제한 안내", day: 7, 18, 25),
    notice(1045, "New e-book collection: O'Reilly Learning now available", day: 5, 11, 50),
    notice(1044, "2026 가을 학술제 수상자 발표", day: 4, 17, 0),
    notice(1043, "Lost and found: items collected in October", day: 2, 9, 0),
  ]

  /// A notice of November 2026 at `hour:minute` Korea time (UTC+9).
  private static func notice(
    _ article: Int, _ title: String, day: Int, _ hour: Int, _ minute: Int
  ) -> Notice {
    let november1UTC: Int64 = 1_793_491_200
    let seconds =
      november1UTC + Int64((day - 1) * 86_400 + (hour - 9) * 3_600 + minute * 60)
    return Notice(
      title: title, date: Date(epochMilliseconds: seconds * 1000),
      url: "https://notice.example.com/articles/\(article)")
  }
}
