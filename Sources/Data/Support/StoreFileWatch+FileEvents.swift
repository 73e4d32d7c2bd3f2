import Dispatch
import Foundation
import PocketDomain
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How `StoreFileWatch` hears of its folder's changes from the kernel: inotify on Linux,
/// kqueue on Darwin, each read on the watch's queue.
extension StoreFileWatch {
  #if os(Linux)
    /// An inotify watch of the folder, read when the kernel has events; why none can be
    /// made (no inotify instance or watch left: then the store is polled).
    func fileEventSource() -> Result<any DispatchSourceProtocol, WatchFailure> {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return .failure(WatchFailure(errno)) }
      let mask =
        IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR
      guard inotify_add_watch(descriptor, folder, UInt32(mask)) >= 0 else {
        let failure = WatchFailure(errno)
        close(descriptor)
        return .failure(failure)
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      let buffer = EventBuffer()
      let queue = queue
      source.setEventHandler { [weak self, source] in
        self?.readEvents(descriptor, into: buffer)
        // The kernel merges a file's repeated events while they wait unread: a pause
        // between reads makes a storm of writes in the folder (a store's, or another
        // file's) a few reads a second. The first event of a calm folder is read at once.
        source.suspend()
        let paused = WatchSource(source)
        queue.asyncAfter(deadline: .now() + StoreFileWatch.eventPause) { paused.source.resume() }
      }
      source.setCancelHandler { close(descriptor) }
      return .success(source)
    }

    /// The pause between two reads of the folder's events.
    static let eventPause = DispatchTimeInterval.milliseconds(20)

    /// Reads the events waiting: the folder's own going ends the store, a vital file's too;
    /// any change to a store file is a check.
    private func readEvents(_ descriptor: Int32, into events: EventBuffer) {
      var changed = false
      while true {
        let count = events.bytes.withUnsafeMutableBytes {
          read(descriptor, $0.baseAddress, $0.count)
        }
        let buffer = events.bytes
        guard count > 0 else { break }
        var offset = 0
        while offset + 16 <= count {
          let (mask, length) = buffer.withUnsafeBytes { bytes in
            (
              bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
              Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            )
          }
          let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, count)]
          let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
          offset += 16 + length
          if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
            return gone()
          }
          if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0, ending.contains(name) {
            return gone(name)
          }
          if mask & UInt32(IN_Q_OVERFLOW) != 0 || names.contains(name) { changed = true }
        }
      }
      if changed { touched() }
    }
  #elseif canImport(Darwin)
    /// A kqueue watch of the folder (a file added, removed or renamed) and of each store
    /// file there now (written or extended), renewed at every change of the folder.
    func fileEventSource() -> Result<any DispatchSourceProtocol, WatchFailure> {
      let descriptor = open(folder, O_EVTONLY)
      guard descriptor >= 0 else { return .failure(WatchFailure(errno)) }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .delete, .rename], queue: queue)
      let files = Mutex<[any DispatchSourceFileSystemObject]>([])
      let names = names
      let renew: @Sendable () -> Void = { [weak self] in
        guard let self else { return }
        files.withLock { sources in
          sources.forEach { $0.cancel() }
          sources = names.compactMap { name in
            let file = open(self.path(name), O_EVTONLY)
            guard file >= 0 else { return nil }
            let watch = DispatchSource.makeFileSystemObjectSource(
              fileDescriptor: file, eventMask: [.write, .extend, .delete, .rename],
              queue: self.queue)
            watch.setEventHandler { [weak self] in self?.touched() }
            watch.setCancelHandler { close(file) }
            watch.resume()
            return watch
          }
        }
      }
      source.setEventHandler { [weak self, source] in
        guard let self else { return }
        if !source.data.intersection([.delete, .rename]).isEmpty {
          return gone()
        }
        for name in vital where FileIdentity(path: path(name)) == nil { return gone(name) }
        renew()
        touched()
      }
      source.setCancelHandler {
        files.withLock { $0.forEach { $0.cancel() } }
        close(descriptor)
      }
      renew()
      return .success(source)
    }
  #endif
}

/// The bytes inotify events are read into, kept from one read to the next (on the watch's
/// queue only).
private final class EventBuffer: @unchecked Sendable {
  var bytes = [UInt8](repeating: 0, count: 64 * 1024)
}

/// Why no file watch could be made: the system's reason.
struct WatchFailure: Error, CustomStringConvertible {
  var description: String

  init(_ code: Int32) { description = String(cString: strerror(code)) }
}
