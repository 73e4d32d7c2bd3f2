// The floor of a screen of dates, for `pocket-bench --process`: a release process that
// imports Foundation only, formats one localized date and one time of day with ICU (as the
// chat's day line and a message's time are formatted) and prints them. `pocket chat`, built
// the same way, is measured against it.
import Foundation

let now = Date()
var day = Date.FormatStyle().weekday(.wide).month(.wide).day().year()
day.locale = Locale(identifier: "en_US")
day.timeZone = .current
var time = Date.FormatStyle(date: .omitted, time: .shortened)
time.locale = day.locale
time.timeZone = day.timeZone
print(now.formatted(day))
print(now.formatted(time))
