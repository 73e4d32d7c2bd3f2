import PocketPresentation

/// What each command of no screen (`GlobalCommands`) does, as `help` says it.
enum GlobalCommandWords {
  static let show = Wording("Show the current screen again", "현재 화면을 다시 보여줍니다")
  static let more = Wording("Show the next page of the list showing", "보고 있는 목록의 다음 쪽을 보여줍니다")
  static let page = Wording(
    "Show page N of the list showing (1: the newest)", "보고 있는 목록의 N쪽을 보여줍니다 (1: 가장 최근)")
  static let search = Wording(
    "Show only the items of the list showing that hold TEXT (none: all again)",
    "보고 있는 목록에서 TEXT가 든 항목만 보여줍니다 (없으면: 모두 다시)")
  static let store = Wording(
    "Show the store's kind, path, version and counts", "저장소의 종류, 경로, 버전과 기록 수를 보여줍니다")
  static let source = Wording(
    "Show the rate source the store remembers (--forget: forget it)",
    "저장소가 기억한 환율 받을 곳을 보여줍니다 (--forget: 잊기)")
  static let export = Wording("Write every record to a JSON file", "모든 기록을 JSON 파일로 씁니다")
  static let importArchive = Wording(
    "Read an export into this store (an empty one, unless --replace)",
    "내보낸 파일을 이 저장소로 읽어옵니다 (--replace가 없으면 빈 저장소에만)")
  static let help = Wording("List the commands, or explain one", "명령 목록을 보여주거나 명령 하나를 설명합니다")
  static let quit = Wording("End the session", "세션을 끝냅니다")
}

extension CommandSpec {
  /// A command whose summary is worded in a table.
  init(
    _ name: String, aliases: [String] = [], usage: String? = nil, _ summary: Wording,
    isScreenBound: Bool = false,
    parse: @escaping @Sendable (inout Words) throws(UsageError) -> Command
  ) {
    self.init(
      name, aliases: aliases, usage: usage, summary.english, summary.korean,
      isScreenBound: isScreenBound, parse: parse)
  }

  /// A command that takes one number of the list showing, whose summary is worded in a
  /// table.
  init(_ name: String, _ summary: Wording, number command: @escaping @Sendable (Int) -> Command) {
    self.init(name, summary.english, summary.korean, number: command)
  }

  /// A command of one word, without arguments, whose summary is worded in a table.
  init(
    _ name: String, aliases: [String] = [], _ summary: Wording, isScreenBound: Bool = false,
    command: Command
  ) {
    self.init(
      name, aliases: aliases, summary.english, summary.korean, isScreenBound: isScreenBound,
      command: command)
  }
}
