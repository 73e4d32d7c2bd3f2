// swift-tools-version: 6.0
import PackageDescription

// Layers are targets, so the compiler enforces the dependency rule:
// Domain knows nothing else; Data and Presentation see Domain only;
// App (the `pocket` executable) is the one composition root.
let package = Package(
  name: "Pocket",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Domain", targets: ["Domain"]),
    .library(name: "Data", targets: ["Data"]),
    .library(name: "Presentation", targets: ["Presentation"]),
    .executable(name: "pocket", targets: ["App"]),
    .executable(name: "pocket-bench", targets: ["Bench"]),
  ],
  targets: [
    .target(name: "Domain"),
    .systemLibrary(
      name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .target(name: "Data", dependencies: ["Domain", "CSQLite"]),
    .target(name: "Presentation", dependencies: ["Domain"]),
    .target(name: "TextUI", dependencies: ["Domain", "Data", "Presentation"]),
    .executableTarget(name: "App", dependencies: ["TextUI"]),
    // `swift run -c release pocket-bench`: timings through the same stack as `pocket`.
    .executableTarget(
      name: "Bench", dependencies: ["Domain", "Data", "Presentation", "TextUI", "CSQLite"]),
    .target(name: "TestSupport", dependencies: ["Domain", "Data"], path: "Tests/TestSupport"),
    .testTarget(name: "DomainTests", dependencies: ["Domain", "Data", "TestSupport"]),
    .testTarget(name: "DataTests", dependencies: ["Domain", "Data", "TestSupport"]),
    .testTarget(name: "PresentationTests", dependencies: ["Domain", "Data", "Presentation", "TestSupport"]),
    .testTarget(
      name: "AppTests", dependencies: ["App", "TextUI", "Domain", "Data", "Presentation", "TestSupport"]),
    .testTarget(name: "BenchTests", dependencies: ["Bench"]),
  ],
  swiftLanguageModes: [.v6]
)
