import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// PostgreSQL's client library, libpq, opened with `dlopen` when the postgres store is
/// chosen: a build needs no PostgreSQL headers, and a `pocket` on another store never loads
/// it. Only the calls Pocket makes are looked up; every one takes fixed arguments.
struct LibPQ: Sendable {
  /// The file names tried, in order: `POCKET_LIBPQ` when set (a libpq elsewhere), then the
  /// system's.
  static func candidates(environment: [String: String]) -> [String] {
    if let path = environment["POCKET_LIBPQ"], !path.isEmpty { return [path] }
    #if canImport(Darwin)
      return [
        "libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib",
        "/usr/local/opt/libpq/lib/libpq.5.dylib",
      ]
    #else
      return ["libpq.so.5", "libpq.so"]
    #endif
  }

  /// What to install when no libpq can be opened.
  static let installAdvice =
    "PostgreSQL's client library (libpq) is not installed: install the package libpq5 "
    + "(Debian, Ubuntu), libpq (Fedora, Homebrew), or set POCKET_LIBPQ to its path"

  typealias Conn = OpaquePointer
  typealias PGResult = OpaquePointer

  // The longer signatures, each said once for both its field and its lookup (`open`).
  typealias ConnectdbParams =
    @convention(c) (
      UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32
    ) -> Conn?
  /// `PQexecParams`: a statement, its parameters (count, types, values, lengths, formats) and
  /// the results' format; its result.
  typealias ExecParams =
    @convention(c) (
      Conn?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?,
      UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
    ) -> PGResult?
  /// `PQsendQueryParams`: `ExecParams`' arguments; whether the statement was sent.
  typealias SendQueryParams =
    @convention(c) (
      Conn?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?,
      UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
    ) -> Int32
  typealias ConninfoParse =
    @convention(c) (
      UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> UnsafeMutableRawPointer?
  typealias SetNoticeProcessor =
    @convention(c) (
      Conn?, (@convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void)?,
      UnsafeMutableRawPointer?
    ) -> UnsafeMutableRawPointer?

  let connectdbParams: ConnectdbParams
  let status: @convention(c) (Conn?) -> Int32
  let errorMessage: @convention(c) (Conn?) -> UnsafePointer<CChar>?
  let finish: @convention(c) (Conn?) -> Void
  let execParams: ExecParams
  let resultStatus: @convention(c) (PGResult?) -> Int32
  let resultErrorMessage: @convention(c) (PGResult?) -> UnsafePointer<CChar>?
  let resultErrorField: @convention(c) (PGResult?, Int32) -> UnsafePointer<CChar>?
  let ntuples: @convention(c) (PGResult?) -> Int32
  let getvalue: @convention(c) (PGResult?, Int32, Int32) -> UnsafePointer<CChar>?
  let getisnull: @convention(c) (PGResult?, Int32, Int32) -> Int32
  let getlength: @convention(c) (PGResult?, Int32, Int32) -> Int32
  let cmdTuples: @convention(c) (PGResult?) -> UnsafePointer<CChar>?
  let clear: @convention(c) (PGResult?) -> Void
  let socket: @convention(c) (Conn?) -> Int32
  let consumeInput: @convention(c) (Conn?) -> Int32
  let notifies: @convention(c) (Conn?) -> UnsafeMutableRawPointer?
  let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
  let backendPID: @convention(c) (Conn?) -> Int32
  let host: @convention(c) (Conn?) -> UnsafePointer<CChar>?
  let port: @convention(c) (Conn?) -> UnsafePointer<CChar>?
  let db: @convention(c) (Conn?) -> UnsafePointer<CChar>?
  let user: @convention(c) (Conn?) -> UnsafePointer<CChar>?
  let sslInUse: @convention(c) (Conn?) -> Int32
  let transactionStatus: @convention(c) (Conn?) -> Int32
  let conninfoParse: ConninfoParse
  let conninfoFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
  let setNoticeProcessor: SetNoticeProcessor

  /// libpq's pipeline mode (libpq 14 and later; `nil` before): several statements sent in
  /// one round trip, their results read in order.
  private(set) var pipeline: Pipeline?

  /// This library as one older than libpq 14 is: statements sent one at a time.
  func withoutPipeline() -> LibPQ {
    var library = self
    library.pipeline = nil
    return library
  }

  struct Pipeline {
    let enter: @convention(c) (Conn?) -> Int32
    let exit: @convention(c) (Conn?) -> Int32
    let sync: @convention(c) (Conn?) -> Int32
    let sendQueryParams: SendQueryParams
    let getResult: @convention(c) (Conn?) -> PGResult?
    /// Asks the server to send the results so far (`PQsendFlushRequest`).
    let sendFlushRequest: @convention(c) (Conn?) -> Int32
  }

  // ConnStatusType, ExecStatusType, PGTransactionStatusType and the diagnostic fields.
  static let connectionOK: Int32 = 0
  static let commandOK: Int32 = 1
  static let tuplesOK: Int32 = 2
  static let pipelineSync: Int32 = 10
  static let pipelineAborted: Int32 = 11
  static let transactionIdle: Int32 = 0
  static let transactionUnknown: Int32 = 4
  /// `PG_DIAG_SQLSTATE`, 'C'.
  static let sqlStateField = Int32(UInt8(ascii: "C"))

  /// The library, opened once per process on first use; the error says what to install.
  static func load(environment: [String: String]) throws(PostgresError) -> LibPQ {
    let loaded = cache.withLock { cache in
      let loaded = cache ?? open(candidates(environment: environment))
      cache = loaded
      return loaded
    }
    switch loaded {
    case .library(let library): return library
    case .missing(let error): throw error
    }
  }

  /// What `open` came to. (Not a `Result`: a generic type's metadata is made at run time,
  /// which costs a scan of every conformance in the binary, on the start-up's path.)
  private enum Loaded: Sendable {
    case library(LibPQ)
    case missing(PostgresError)
  }

  private static let cache = Mutex<Loaded?>(nil)

  /// Opens the first of `names` that loads. Bound lazily (`RTLD_LAZY`): libpq binds its own
  /// calls as it loads where it is linked so (`-z now`, as Debian's is), and the libraries
  /// it pulls in (OpenSSL, Kerberos, LDAP, …) bind theirs when first called instead of all
  /// at once, a millisecond less before the connection can start.
  private static func open(_ names: [String]) -> Loaded {
    guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_LAZY) }).first else {
      return .missing(PostgresError(message: installAdvice))
    }
    func symbol<T>(_ name: String, as type: T.Type) -> T? {
      dlsym(handle, name).map { unsafeBitCast($0, to: type) }
    }
    typealias ConnText = @convention(c) (Conn?) -> UnsafePointer<CChar>?
    typealias ConnInt = @convention(c) (Conn?) -> Int32
    typealias ResultInt = @convention(c) (PGResult?) -> Int32
    typealias CellInt = @convention(c) (PGResult?, Int32, Int32) -> Int32
    guard
      let connectdbParams = symbol("PQconnectdbParams", as: ConnectdbParams.self),
      let status = symbol("PQstatus", as: ConnInt.self),
      let errorMessage = symbol("PQerrorMessage", as: ConnText.self),
      let finish = symbol("PQfinish", as: (@convention(c) (Conn?) -> Void).self),
      let execParams = symbol("PQexecParams", as: ExecParams.self),
      let resultStatus = symbol("PQresultStatus", as: ResultInt.self),
      let resultErrorMessage = symbol(
        "PQresultErrorMessage", as: (@convention(c) (PGResult?) -> UnsafePointer<CChar>?).self),
      let resultErrorField = symbol(
        "PQresultErrorField",
        as: (@convention(c) (PGResult?, Int32) -> UnsafePointer<CChar>?).self),
      let ntuples = symbol("PQntuples", as: ResultInt.self),
      let getvalue = symbol(
        "PQgetvalue",
        as: (@convention(c) (PGResult?, Int32, Int32) -> UnsafePointer<CChar>?).self),
      let getisnull = symbol("PQgetisnull", as: CellInt.self),
      let getlength = symbol("PQgetlength", as: CellInt.self),
      let cmdTuples = symbol(
        "PQcmdTuples", as: (@convention(c) (PGResult?) -> UnsafePointer<CChar>?).self),
      let clear = symbol("PQclear", as: (@convention(c) (PGResult?) -> Void).self),
      let socket = symbol("PQsocket", as: ConnInt.self),
      let consumeInput = symbol("PQconsumeInput", as: ConnInt.self),
      let notifies = symbol(
        "PQnotifies", as: (@convention(c) (Conn?) -> UnsafeMutableRawPointer?).self),
      let freemem = symbol(
        "PQfreemem", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
      let backendPID = symbol("PQbackendPID", as: ConnInt.self),
      let host = symbol("PQhost", as: ConnText.self),
      let port = symbol("PQport", as: ConnText.self),
      let db = symbol("PQdb", as: ConnText.self),
      let user = symbol("PQuser", as: ConnText.self),
      let sslInUse = symbol("PQsslInUse", as: ConnInt.self),
      let transactionStatus = symbol("PQtransactionStatus", as: ConnInt.self),
      let conninfoParse = symbol("PQconninfoParse", as: ConninfoParse.self),
      let conninfoFree = symbol(
        "PQconninfoFree", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self),
      let setNoticeProcessor = symbol("PQsetNoticeProcessor", as: SetNoticeProcessor.self)
    else {
      return .missing(
        PostgresError(message: "the libpq found lacks a function Pocket calls: \(installAdvice)"))
    }
    var pipeline: Pipeline?
    if let enter = symbol("PQenterPipelineMode", as: ConnInt.self),
      let exit = symbol("PQexitPipelineMode", as: ConnInt.self),
      let sync = symbol("PQpipelineSync", as: ConnInt.self),
      let sendQueryParams = symbol("PQsendQueryParams", as: SendQueryParams.self),
      let getResult = symbol("PQgetResult", as: (@convention(c) (Conn?) -> PGResult?).self),
      let sendFlushRequest = symbol("PQsendFlushRequest", as: ConnInt.self)
    {
      pipeline = Pipeline(
        enter: enter, exit: exit, sync: sync, sendQueryParams: sendQueryParams,
        getResult: getResult, sendFlushRequest: sendFlushRequest)
    }
    return .library(
      LibPQ(
        connectdbParams: connectdbParams, status: status, errorMessage: errorMessage,
        finish: finish, execParams: execParams, resultStatus: resultStatus,
        resultErrorMessage: resultErrorMessage, resultErrorField: resultErrorField,
        ntuples: ntuples, getvalue: getvalue, getisnull: getisnull, getlength: getlength,
        cmdTuples: cmdTuples, clear: clear, socket: socket, consumeInput: consumeInput,
        notifies: notifies, freemem: freemem, backendPID: backendPID, host: host, port: port,
        db: db, user: user, sslInUse: sslInUse, transactionStatus: transactionStatus,
        conninfoParse: conninfoParse, conninfoFree: conninfoFree,
        setNoticeProcessor: setNoticeProcessor, pipeline: pipeline))
  }

  /// The keywords and values a connection string or URL gives (`PQconninfoParse`), without
  /// the defaults: `nil` with libpq's reason when it cannot be read.
  func parse(_ conninfo: String) -> Result<[String: String], PostgresError> {
    var error: UnsafeMutablePointer<CChar>?
    guard let options = conninfoParse(conninfo, &error) else {
      defer { freemem(error) }
      let reason = error.map { String(cString: $0) } ?? "out of memory"
      return .failure(
        PostgresError(message: reason.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
    defer { conninfoFree(options) }
    // PQconninfoOption: keyword, envvar, compiled, val, label, dispchar (six pointers), dispsize.
    let pointer = MemoryLayout<UnsafeRawPointer>.stride
    let stride = 7 * pointer
    var values: [String: String] = [:]
    var offset = 0
    while let keyword = options.load(fromByteOffset: offset, as: UnsafePointer<CChar>?.self) {
      if let value = options.load(
        fromByteOffset: offset + 3 * pointer, as: UnsafePointer<CChar>?.self)
      {
        values[String(cString: keyword)] = String(cString: value)
      }
      offset += stride
    }
    return .success(values)
  }
}

/// A failure of libpq or the server: the SQLSTATE when the server gave one, and the message
/// (never a statement's values: they are user data).
struct PostgresError: SQLDatabaseError, Equatable, CustomStringConvertible {
  var sqlState: String?
  var message: String
  /// Whether the connection itself failed (lost, refused), as opposed to one statement.
  var connectionLost = false
  /// Whether it was the connection's check (`PostgresConnection.checkFirst`) that failed:
  /// nothing after it ran.
  var failedCheck = false

  var description: String { message }

  /// Another transaction's change conflicts with this one's (`serialization_failure`,
  /// `deadlock_detected`): the transaction may be run again.
  var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }
  /// A lock was waited for longer than `lock_timeout` allows (`lock_not_available`).
  var isLockTimeout: Bool { sqlState == "55P03" }
  /// A unique or primary key already holds the value.
  var isUniquenessViolation: Bool { sqlState == "23505" }
  /// The statement names a table, column or function the schema does not have.
  var isSchemaMismatch: Bool { ["42P01", "42703", "42883", "3F000"].contains(sqlState ?? "") }
}
