import PocketPresentation

/// `pocket --help`'s usage and options. Command words, option names and placeholders (CODE,
/// PATH, N) are what is typed, so they stay as they are in both languages.
extension AppText {
  static let usageText = Wording(
    GlobalOption.usage(heading: "Usage: "), GlobalOption.usage(heading: "사용법: "))

  static let optionsText = Wording(
    "Options:\n" + GlobalOption.helpLines(\.english) + "\n\n" + afterOptions.english,
    "옵션:\n" + GlobalOption.helpLines(\.korean) + "\n\n" + afterOptions.korean)

  /// What `--help` says after the options.
  private static let afterOptions = Wording(
    """
    Without a command, at a terminal, pocket opens the live view (keys: press ?); with
    --plain, or when input or output is not a terminal, it reads commands from standard
    input until 'quit' or the end (also when TERM is unset or dumb).
    Exit status: 0 done, 1 refused, 2 usage error, 3 the store cannot be used,
    4 the output could not be written. A session exits with the status of its first
    command that was not done (0 when every one was). The live view ended by a signal,
    after giving the terminal back: 129 hung up (SIGHUP, or its terminal closed),
    130 SIGINT, 143 SIGTERM.
    """,
    """
    명령 없이 터미널에서 실행하면 라이브 화면이 열립니다 (키 목록: ?). --plain을 주거나
    입력이나 출력이 터미널이 아니면 'quit'을 입력하거나 입력이 끝날 때까지 표준 입력에서
    명령을 읽습니다 (TERM 환경 변수가 없거나 $TERM=dumb일 때도).
    종료 상태: 0 완료, 1 거절, 2 사용법 오류, 3 저장소를 사용할 수 없음,
    4 출력을 쓰지 못함. 세션은 처음 실패한 명령의 종료 상태로 끝납니다 (모두 완료하면 0).
    라이브 화면이 시그널로 끝나면 터미널을 돌려준 뒤: 129 연결 끊김 (SIGHUP, 또는 터미널이
    닫힘), 130 SIGINT, 143 SIGTERM.
    """)
}
