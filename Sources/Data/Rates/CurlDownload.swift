#if os(Linux)
  import Foundation
  import Synchronization
  import Glibc

  /// One bounded GET through the system libcurl, driven directly (Linux only).
  ///
  /// FoundationNetworking's URLSession runs on the same libcurl, but on Linux it cannot
  /// keep a download within bounds: it hands every decoded chunk to the delegate queue
  /// without waiting, and honours a cancellation only after libcurl has decoded all the
  /// bytes it has read, so a 1 MB gzip body that inflates to 1 GiB is inflated whole
  /// (1.2 GB of memory) before the delegate can say stop. It also keeps a write source on
  /// the socket after connecting, so it spins (about half a core) while the server is
  /// silent. Driving libcurl ourselves, the write callback refuses the byte past the limit
  /// (libcurl stops decoding there), libcurl keeps the overall deadline
  /// (`CURLOPT_TIMEOUT_MS`), and the transfer thread sleeps in `curl_multi_poll` until the
  /// socket, the deadline or a cancellation (`curl_multi_wakeup`) wakes it.
  ///
  /// libcurl is opened with `dlopen` because its headers are not installed with Swift;
  /// FoundationNetworking links the same `libcurl.so.4`, so it is there wherever Pocket
  /// runs. `curl_easy_setopt` and `curl_easy_getinfo` are C variadic functions; they are
  /// called through fixed prototypes of one integer or pointer argument, which the
  /// x86-64 and AArch64 Linux calling conventions pass exactly as the variadic call would.
  final class CurlDownload: @unchecked Sendable {
    /// What a finished download gives: the status code and the decoded body.
    struct Response: Sendable {
      var status: Int
      var body: Foundation.Data
    }

    /// Whether the system libcurl could be opened.
    static var isAvailable: Bool { Curl.library != nil }

    private let limit: Int
    private var body = Foundation.Data()
    private var tooLarge = false
    /// The multi handle while the transfer runs, for a cancellation to wake it.
    private let running = Mutex<(multi: OpaquePointer?, cancelled: Bool)>((nil, false))

    private init(limit: Int) {
      self.limit = limit
    }

    /// GETs `url` on a thread of its own. Cancelling the calling task cancels the transfer.
    /// - Throws: `DownloadFailure`, or `CancellationError` when the task was cancelled.
    static func run(
      _ url: URL, headers: [String], limit: Int, timeout: Duration
    ) async throws -> Response {
      guard let curl = Curl.library else {
        throw DownloadFailure.unreachable("libcurl is not available")
      }
      let download = CurlDownload(limit: limit)
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let thread = Thread {
            continuation.resume(
              with: Result {
                try download.perform(curl, url, headers: headers, timeout: timeout)
              })
          }
          thread.start()
        }
      } onCancel: {
        download.cancel(curl)
      }
    }

    private func cancel(_ curl: Curl) {
      running.withLock { running in
        running.cancelled = true
        if let multi = running.multi { _ = curl.multiWakeup(multi) }
      }
    }

    /// Takes one chunk of the decoded body; returning less than `count` makes libcurl stop.
    fileprivate func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
      guard body.count + bytes.count <= limit else {
        tooLarge = true
        body = Foundation.Data()
        return 0
      }
      body.append(contentsOf: bytes)
      return bytes.count
    }

    private func perform(
      _ curl: Curl, _ url: URL, headers: [String], timeout: Duration
    ) throws -> Response {
      var headerList: OpaquePointer?
      for header in headers { headerList = curl.slistAppend(headerList, header) }
      defer { curl.slistFreeAll(headerList) }
      guard let easy = curl.easyInit() else {
        throw DownloadFailure.unreachable("libcurl cannot start a transfer")
      }
      defer { curl.easyCleanup(easy) }
      guard let multi = curl.multiInit() else {
        throw DownloadFailure.unreachable("libcurl cannot start a transfer")
      }
      defer { _ = curl.multiCleanup(multi) }
      var errorBuffer = [CChar](repeating: 0, count: 256)  // CURL_ERROR_SIZE
      let milliseconds = max(1, Int((timeout / .milliseconds(1)).rounded(.up)))
      let context = Unmanaged.passUnretained(self).toOpaque()
      let code: Int32 = url.absoluteString.withCString { urlText in
        errorBuffer.withUnsafeMutableBytes { errorBytes in
          curl.setPointer(easy, Option.url, urlText)
          curl.setPointer(easy, Option.httpHeader, UnsafeRawPointer(headerList))
          curl.setPointer(easy, Option.writeData, context)
          curl.setPointer(
            easy, Option.writeFunction, unsafeBitCast(writeCallback, to: UnsafeRawPointer.self))
          curl.setPointer(easy, Option.errorBuffer, errorBytes.baseAddress)
          // Every encoding libcurl can decode; the limit counts decoded bytes.
          "".withCString { curl.setPointer(easy, Option.acceptEncoding, $0) }
          "pocket".withCString { curl.setPointer(easy, Option.userAgent, $0) }
          curl.setLong(easy, Option.timeoutMilliseconds, milliseconds)
          curl.setLong(easy, Option.maxFileSize, limit)
          curl.setLong(easy, Option.noSignal, 1)
          curl.setLong(easy, Option.followLocation, 1)
          curl.setLong(easy, Option.maxRedirects, 5)
          curl.setLong(easy, Option.protocols, Protocol.httpAndHTTPS)
          curl.setLong(easy, Option.redirectProtocols, Protocol.httpAndHTTPS)
          let code = transfer(curl, easy, multi, pollMilliseconds: Int32(min(milliseconds, 60_000)))
          curl.setPointer(easy, Option.errorBuffer, nil)
          return code
        }
      }
      if running.withLock({ $0.cancelled }) { throw CancellationError() }
      if tooLarge || code == Code.fileSizeExceeded { throw DownloadFailure.tooLarge }
      if code == Code.timedOut { throw DownloadFailure.timedOut }
      guard code == Code.ok else {
        let detail = String(
          decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let reason = detail.isEmpty ? curl.strerror(code).map { String(cString: $0) } : detail
        throw DownloadFailure.unreachable(reason ?? "libcurl error \(code)")
      }
      var status = 0
      _ = curl.getinfo(easy, Info.responseCode, &status)
      return Response(status: status, body: body)
    }

    /// Runs the transfer to its end, sleeping in `curl_multi_poll` between events.
    /// - Returns: the transfer's CURLcode, or `Code.aborted` when cancelled.
    private func transfer(
      _ curl: Curl, _ easy: OpaquePointer, _ multi: OpaquePointer, pollMilliseconds: Int32
    ) -> Int32 {
      guard curl.multiAddHandle(multi, easy) == 0 else { return Code.failedInit }
      defer { _ = curl.multiRemoveHandle(multi, easy) }
      let cancelledEarly = running.withLock { running in
        running.multi = multi
        return running.cancelled
      }
      defer { running.withLock { $0.multi = nil } }
      if cancelledEarly { return Code.aborted }
      var stillRunning: Int32 = 1
      while true {
        guard curl.multiPerform(multi, &stillRunning) == 0 else { return Code.failedInit }
        if stillRunning == 0 { break }
        guard curl.multiPoll(multi, nil, 0, pollMilliseconds, nil) == 0 else {
          return Code.failedInit
        }
        if running.withLock({ $0.cancelled }) { return Code.aborted }
      }
      var queued: Int32 = 0
      while let message = curl.multiInfoRead(multi, &queued) {
        // struct CURLMsg { CURLMSG msg; CURL *easy_handle; union { void *; CURLcode } data; }
        let kind = message.load(as: Int32.self)
        if kind == 1 {  // CURLMSG_DONE
          return message.load(fromByteOffset: 2 * MemoryLayout<Int>.size, as: Int32.self)
        }
      }
      return Code.failedInit
    }
  }

  /// libcurl's write callback: hands each decoded chunk to its download.
  private let writeCallback:
    @convention(c) (
      UnsafeMutableRawPointer?, Int, Int, UnsafeMutableRawPointer?
    ) -> Int = { data, size, count, context in
      guard let context else { return 0 }
      let download = Unmanaged<CurlDownload>.fromOpaque(context).takeUnretainedValue()
      return download.receive(UnsafeRawBufferPointer(start: data, count: size * count))
    }

  /// The constants of curl.h that Pocket uses (they are part of libcurl's stable ABI).
  private enum Option {
    static let writeData: Int32 = 10_001
    static let url: Int32 = 10_002
    static let errorBuffer: Int32 = 10_010
    static let userAgent: Int32 = 10_018
    static let writeFunction: Int32 = 20_011
    static let httpHeader: Int32 = 10_023
    static let followLocation: Int32 = 52
    static let maxRedirects: Int32 = 68
    static let noSignal: Int32 = 99
    static let acceptEncoding: Int32 = 10_102
    static let maxFileSize: Int32 = 114
    static let timeoutMilliseconds: Int32 = 155
    static let protocols: Int32 = 181
    static let redirectProtocols: Int32 = 182
  }

  private enum Protocol {
    static let httpAndHTTPS = 1 | 2  // CURLPROTO_HTTP | CURLPROTO_HTTPS
  }

  private enum Info {
    static let responseCode: Int32 = 0x20_0000 + 2  // CURLINFO_LONG + 2
  }

  private enum Code {
    static let ok: Int32 = 0
    static let failedInit: Int32 = 2
    static let timedOut: Int32 = 28
    static let aborted: Int32 = 42
    static let fileSizeExceeded: Int32 = 63
  }

  /// The libcurl functions Pocket calls, looked up once.
  private struct Curl: @unchecked Sendable {
    typealias SetLong = @convention(c) (OpaquePointer?, Int32, Int) -> Int32
    typealias SetPointer = @convention(c) (OpaquePointer?, Int32, UnsafeRawPointer?) -> Int32

    let easyInit: @convention(c) () -> OpaquePointer?
    let easyCleanup: @convention(c) (OpaquePointer?) -> Void
    let setLongFunction: SetLong
    let setPointerFunction: SetPointer
    let getinfo: @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    let strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?
    let slistAppend: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let slistFreeAll: @convention(c) (OpaquePointer?) -> Void
    let multiInit: @convention(c) () -> OpaquePointer?
    let multiCleanup: @convention(c) (OpaquePointer?) -> Int32
    let multiAddHandle: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let multiRemoveHandle: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    let multiPerform: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32
    let multiPoll:
      @convention(c) (
        OpaquePointer?, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?
      ) -> Int32
    let multiWakeup: @convention(c) (OpaquePointer?) -> Int32
    let multiInfoRead:
      @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafeMutableRawPointer?

    func setLong(_ easy: OpaquePointer, _ option: Int32, _ value: Int) {
      _ = setLongFunction(easy, option, value)
    }

    func setPointer(_ easy: OpaquePointer, _ option: Int32, _ value: UnsafeRawPointer?) {
      _ = setPointerFunction(easy, option, value)
    }

    /// The system libcurl, initialised once; `nil` when it cannot be opened.
    static let library: Curl? = {
      guard let handle = dlopen("libcurl.so.4", RTLD_NOW) ?? dlopen("libcurl.so", RTLD_NOW)
      else { return nil }
      func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(handle, name).map { unsafeBitCast($0, to: type) }
      }
      typealias GlobalInit = @convention(c) (Int) -> Int32
      guard let globalInit = symbol("curl_global_init", as: GlobalInit.self),
        globalInit(3) == 0,  // CURL_GLOBAL_ALL
        let easyInit = symbol("curl_easy_init", as: (@convention(c) () -> OpaquePointer?).self),
        let easyCleanup = symbol(
          "curl_easy_cleanup", as: (@convention(c) (OpaquePointer?) -> Void).self),
        let setLong = symbol("curl_easy_setopt", as: SetLong.self),
        let setPointer = symbol("curl_easy_setopt", as: SetPointer.self),
        let getinfo = symbol(
          "curl_easy_getinfo",
          as: (@convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32).self),
        let strerror = symbol(
          "curl_easy_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self),
        let slistAppend = symbol(
          "curl_slist_append",
          as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?).self),
        let slistFreeAll = symbol(
          "curl_slist_free_all", as: (@convention(c) (OpaquePointer?) -> Void).self),
        let multiInit = symbol(
          "curl_multi_init", as: (@convention(c) () -> OpaquePointer?).self),
        let multiCleanup = symbol(
          "curl_multi_cleanup", as: (@convention(c) (OpaquePointer?) -> Int32).self),
        let multiAddHandle = symbol(
          "curl_multi_add_handle",
          as: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Int32).self),
        let multiRemoveHandle = symbol(
          "curl_multi_remove_handle",
          as: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Int32).self),
        let multiPerform = symbol(
          "curl_multi_perform",
          as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32).self),
        let multiPoll = symbol(
          "curl_multi_poll",
          as: (@convention(c) (
            OpaquePointer?, UnsafeMutableRawPointer?, UInt32, Int32, UnsafeMutablePointer<Int32>?
          ) -> Int32).self),
        let multiWakeup = symbol(
          "curl_multi_wakeup", as: (@convention(c) (OpaquePointer?) -> Int32).self),
        let multiInfoRead = symbol(
          "curl_multi_info_read",
          as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?)
            -> UnsafeMutableRawPointer?).self)
      else { return nil }
      return Curl(
        easyInit: easyInit, easyCleanup: easyCleanup, setLongFunction: setLong,
        setPointerFunction: setPointer, getinfo: getinfo, strerror: strerror,
        slistAppend: slistAppend, slistFreeAll: slistFreeAll, multiInit: multiInit,
        multiCleanup: multiCleanup, multiAddHandle: multiAddHandle,
        multiRemoveHandle: multiRemoveHandle, multiPerform: multiPerform, multiPoll: multiPoll,
        multiWakeup: multiWakeup, multiInfoRead: multiInfoRead)
    }()
  }
#endif
