/// `pocket --help`'s usage and options. Command words, option names and placeholders (CODE,
/// PATH, N) are what is typed, so they stay as they are in both languages.
extension AppText {
  static let usageText = KeyText(
    """
    Usage: pocket [--store sqlite|json|memory|postgres] [--store-path PATH]
                  [--store-url URL] [--store-schema NAME] [--lang en|ko]
                  [--rates-file PATH | --rates-url URL | --online] [--timeout SECONDS]
                  [--plain] [--bail] [--color auto|always|never] [COMMAND [ARGS...]]
           pocket --help | -h
    """,
    """
    사용법: pocket [--store sqlite|json|memory|postgres] [--store-path PATH]
                   [--store-url URL] [--store-schema NAME] [--lang en|ko]
                   [--rates-file PATH | --rates-url URL | --online] [--timeout SECONDS]
                   [--plain] [--bail] [--color auto|always|never] [COMMAND [ARGS...]]
            pocket --help | -h
    """)

  static let optionsText = KeyText(
    """
    Options:
      --store sqlite|json|memory|postgres
                                  Where data lives (default: sqlite)
      --store-path PATH           The store's folder (default: $XDG_DATA_HOME/pocket,
                                  else ~/.local/share/pocket); with postgres, where
                                  this machine keeps the screen it showed last
      --store-url URL             The postgres store's server, as libpq takes it
                                  (postgresql://USER@HOST:PORT/DB?sslmode=verify-full);
                                  never with a password: use ~/.pgpass (default:
                                  POCKET_STORE_URL, else PGHOST, PGUSER, PGDATABASE, ...)
      --store-schema NAME         The PostgreSQL schema of the store (default: pocket)
      --lang en|ko                Language (default: ko when LC_ALL or LANG starts with ko)
      --rates-file PATH           refresh reads an open.er-api.com response from a file
      --rates-url URL             refresh fetches from URL over HTTP(S)
      --online                    refresh fetches from https://open.er-api.com/v6/latest/USD
                                  (default: none; the bundled 2024-08-19 snapshot only
                                  fills an empty cache)
      --timeout SECONDS           refresh over HTTP(S) gives up after SECONDS in all
                                  (default: 20; at most 3600)
      --plain                     Line mode even at a terminal (no live view)
      --bail                      Line mode ends at the first command not done, with its
                                  exit status (without it the session runs on)
      --color auto|always|never   Colour (default: auto, on a terminal unless NO_COLOR is set)
      --help, -h                  Show this help

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
    옵션:
      --store sqlite|json|memory|postgres
                                  데이터를 둘 곳 (기본값: sqlite)
      --store-path PATH           저장소 폴더 (기본값: $XDG_DATA_HOME/pocket,
                                  없으면 ~/.local/share/pocket); postgres에서는 이
                                  컴퓨터가 마지막 화면을 두는 곳
      --store-url URL             postgres 저장소의 서버, libpq가 받는 형식
                                  (postgresql://USER@HOST:PORT/DB?sslmode=verify-full);
                                  비밀번호는 넣지 말고 ~/.pgpass에 두세요 (기본값:
                                  POCKET_STORE_URL, 없으면 PGHOST, PGUSER, PGDATABASE 등)
      --store-schema NAME         저장소의 PostgreSQL 스키마 (기본값: pocket)
      --lang en|ko                언어 (기본값: LC_ALL 또는 LANG이 ko로 시작하면 ko)
      --rates-file PATH           refresh가 파일에 저장된 open.er-api.com 응답을 읽습니다
      --rates-url URL             refresh가 URL에서 HTTP(S)로 받아옵니다
      --online                    refresh가 https://open.er-api.com/v6/latest/USD 에서 받아옵니다
                                  (기본값: 없음; 내장된 2024-08-19 스냅샷은 빈 저장소를
                                  채울 때만 씁니다)
      --timeout SECONDS           HTTP(S) refresh를 모두 합쳐 SECONDS초 뒤에 포기합니다
                                  (기본값: 20, 최대 3600)
      --plain                     터미널에서도 줄 모드로 씁니다 (라이브 화면 없이)
      --bail                      줄 모드에서 처음 실패한 명령에서 멈추고 그 종료 상태로
                                  끝냅니다 (없으면 세션이 계속됩니다)
      --color auto|always|never   색 (기본값: auto, NO_COLOR가 없으면 터미널에서 색을 씁니다)
      --help, -h                  이 도움말을 보여줍니다

    명령 없이 터미널에서 실행하면 라이브 화면이 열립니다 (키 목록: ?). --plain을 주거나
    입력이나 출력이 터미널이 아니면 'quit'을 입력하거나 입력이 끝날 때까지 표준 입력에서
    명령을 읽습니다 (TERM 환경 변수가 없거나 $TERM=dumb일 때도).
    종료 상태: 0 완료, 1 거절, 2 사용법 오류, 3 저장소를 사용할 수 없음,
    4 출력을 쓰지 못함. 세션은 처음 실패한 명령의 종료 상태로 끝납니다 (모두 완료하면 0).
    라이브 화면이 시그널로 끝나면 터미널을 돌려준 뒤: 129 연결 끊김 (SIGHUP, 또는 터미널이
    닫힘), 130 SIGINT, 143 SIGTERM.
    """)
}
