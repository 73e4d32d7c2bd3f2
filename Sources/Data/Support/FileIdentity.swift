import Foundation

/// Which file is at a path: its device and inode.
///
/// `dev_t` is `UInt64` on Linux and a signed `Int32` on Darwin, where a device number can
/// be negative: its bits are kept, never converted by value (which would trap on a sign).
struct FileIdentity: Hashable {
  var device: UInt64
  var inode: UInt64

  /// The identity `stat` reported.
  init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
  }

  /// The file at `path` now (a link itself, unless `followingLinks`); `nil` when there is
  /// none.
  init?(path: String, followingLinks: Bool = false) {
    var info = stat()
    let found = followingLinks ? stat(path, &info) : lstat(path, &info)
    guard found == 0 else { return nil }
    self.init(info)
  }

  /// The file open as `descriptor`; `nil` when it cannot be read.
  init?(descriptor: Int32) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return nil }
    self.init(info)
  }
}
