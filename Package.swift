// swift-tools-version: 6.0
import PackageDescription

// Layers are targets, so the compiler enforces the dependency rule:
// Domain knows nothing else; Data and Presentation see Domain only;
// App (the text front end; `pocket` is its executable) is the one composition root.
let package = Package(
  name: "Pocket",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Domain", targets: ["Domain"]),
    .library(name: "Data", targets: ["Data"]),
    .library(name: "Presentation", targets: ["Presentation"]),
    .executable(name: "pocket", targets: ["pocket"]),
    .executable(name: "pocket-bench", targets: ["Bench"]),
  ],
  targets: [
    .target(name: "Domain"),
    .systemLibrary(
      name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .target(name: "Data", dependencies: ["Domain", "CSQLite"]),
    .target(name: "Presentation", dependencies: ["Domain"]),
    // The text front end as a library, so the benchmark and the tests drive the very code
    // `pocket` runs; the executable is its two-line main.swift.
    .target(name: "App", dependencies: ["Domain", "Data", "Presentation"]),
    .executableTarget(name: "pocket", dependencies: ["App"]),
    // `swift run -c release pocket-bench`: timings through the same stack as `pocket`.
    .executableTarget(
      name: "Bench", dependencies: ["Domain", "Data", "Presentation", "App", "CSQLite"]),
    .target(name: "TestSupport", dependencies: ["Domain", "Data"], path: "Tests/TestSupport"),
    .testTarget(name: "DomainTests", dependencies: ["Domain", "Data", "TestSupport"]),
    .testTarget(name: "DataTests", dependencies: ["Domain", "Data", "TestSupport"]),
    .testTarget(
      name: "PresentationTests", dependencies: ["Domain", "Data", "Presentation", "TestSupport"]),
    .testTarget(
      name: "AppTests",
      dependencies: ["App", "pocket", "Domain", "Data", "Presentation", "TestSupport"]),
    .testTarget(name: "BenchTests", dependencies: ["Bench"]),
  ],
  swiftLanguageModes: [.v6]
)
