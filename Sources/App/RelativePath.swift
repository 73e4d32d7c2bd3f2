import PocketData
import PocketDomain

/// The current folder, which a relative path is resolved against where Pocket must make it
/// absolute: `--store-path` and `export`'s path. (Other paths, `import`'s and
/// `--rates-file`'s, are opened as given, and the system resolves them byte for byte.)
enum RelativePath {
  /// Refuses `path` when it is relative and the current folder's path is not UTF-8: joined
  /// to that path repaired, it would name another file. A folder that cannot be read is
  /// left to the store or the export to report.
  /// - Parameter folder: the current folder's path as bytes (`PathText.currentFolder`).
  static func check(
    _ path: String, for door: UsageError.TextDoor,
    folder: () -> [UInt8]? = PathText.currentFolder
  ) throws(UsageError) {
    guard !path.hasPrefix("/"), let bytes = folder(), UTF8Bytes.text(bytes) == nil else { return }
    throw .currentFolderNotUTF8(door, shown: UTF8Bytes.shown(bytes))
  }
}
