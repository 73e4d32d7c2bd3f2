import Foundation

/// The file systems mounted, as the kernel lists them.
enum MountTable {
  /// File systems on which another machine's writes make no file event here, as
  /// `/proc/self/mounts` names them (Darwin asks the volume whether it is local).
  static let networkTypes: Set<String> = [
    "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "ceph", "afs", "coda", "glusterfs",
    "lustre", "gfs2", "ocfs2", "fuse.sshfs", "fuse.s3fs", "fuse.rclone", "davfs", "fuse.davfs",
  ]

  /// The type of the network file system `path` is on; `nil` for a local one, or when
  /// the mounts cannot be read.
  static func networkFileSystem(holding path: String) -> String? {
    #if canImport(Darwin)
      // Darwin has no `/proc`. The volume's own answer, not `statfs`: that is one of
      // Apple's "required reason" disk-space APIs, and none of its reasons is "which kind
      // of file system" (see PrivacyInfo.xcprivacy).
      let values = try? URL(fileURLWithPath: path).resourceValues(forKeys: [
        .volumeIsLocalKey, .volumeTypeNameKey,
      ])
      guard let values, values.volumeIsLocal == false else { return nil }
      return values.volumeTypeName ?? "network"
    #else
      mountedNetworkFileSystem(holding: path)
    #endif
  }

  /// The type of the network file system `path` is on, as `/proc/self/mounts` lists it:
  /// the longest mount point that holds the path.
  private static func mountedNetworkFileSystem(holding path: String) -> String? {
    guard let table = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)
    else { return nil }
    let real = (try? PathText.resolved(path)) ?? path
    var best: (point: String, type: String)?
    for line in table.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3 else { continue }
      let point = unescape(String(fields[1]))
      let inside =
        point == "/" || real == point || real.hasPrefix(point.hasSuffix("/") ? point : point + "/")
      if inside, point.count >= (best?.point.count ?? -1) {
        best = (point, String(fields[2]))
      }
    }
    guard let type = best?.type, networkTypes.contains(type) else { return nil }
    return type
  }

  /// A mount point as `/proc/self/mounts` writes it: a space, tab, newline or backslash
  /// as an octal escape (`\040`).
  private static func unescape(_ field: String) -> String {
    guard field.contains("\\") else { return field }
    var bytes: [UInt8] = []
    var utf8 = Array(field.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "\\"), utf8.count >= 3,
        let code = UInt8(String(decoding: utf8.prefix(3), as: UTF8.self), radix: 8)
      {
        bytes.append(code)
        utf8 = utf8.dropFirst(3)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
