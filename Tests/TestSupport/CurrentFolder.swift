import Foundation

/// The current folder is the test process's, and `FuzzRegressionTests` moves it for a
/// moment while a fuzz input runs (the line session's relative paths need a folder of their
/// own). A test that works out relative paths runs its comparison through `steady`.
public enum CurrentFolder {
  /// `body`'s result, from a run during which the current folder did not move (tried again
  /// while it did).
  public static func steady<T>(_ body: () throws -> T) rethrows -> T {
    while true {
      let before = FileManager.default.currentDirectoryPath
      let result = try body()
      if FileManager.default.currentDirectoryPath == before { return result }
    }
  }
}
