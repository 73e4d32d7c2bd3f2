// swift-tools-version: 6.2
import PackageDescription

// Layers are targets, so the compiler enforces the dependency rule:
// Domain knows nothing else; Data and Presentation see Domain only;
// App (the text front end; `pocket` is its executable) is the one composition root.
let package = Package(
  name: "Pocket",
  // iOS: the originals are iOS apps, and a SwiftUI app can depend on Domain, Data and
  // Presentation. (`Mutex` in Presentation needs macOS 15 / iOS 18.)
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "PocketDomain", targets: ["PocketDomain"]),
    .library(name: "PocketData", targets: ["PocketData"]),
    .library(name: "PocketPresentation", targets: ["PocketPresentation"]),
    .library(name: "PocketTesting", targets: ["PocketTesting"]),
    .executable(name: "pocket", targets: ["pocket"]),
    .executable(name: "pocket-bench", targets: ["Bench"]),
    .executable(name: "bench-hello", targets: ["BenchHello"]),
    .executable(name: "bench-floor", targets: ["BenchFloor"]),
  ],
  targets: [
    .target(name: "PocketDomain", path: "Sources/Domain"),
    .systemLibrary(
      name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    // The privacy manifest an app on an Apple platform needs for the boot-time and
    // file-timestamp APIs the stores call.
    .target(
      name: "PocketData", dependencies: ["PocketDomain", "CSQLite"], path: "Sources/Data",
      resources: [.copy("PrivacyInfo.xcprivacy")]),
    .target(name: "PocketPresentation", dependencies: ["PocketDomain"], path: "Sources/Presentation"),
    // What an adopter tests with: the failing and slow fake store, the manual clock, sample
    // records, and arranging a store through its repositories. Pocket's own tests use it.
    .target(name: "PocketTesting", dependencies: ["PocketDomain", "PocketData"]),
    // The text front end as a library, so the benchmark and the tests drive the very code
    // `pocket` runs; the executable is its two-line main.swift.
    .target(
      name: "PocketApp", dependencies: ["PocketDomain", "PocketData", "PocketPresentation"],
      path: "Sources/App"),
    .executableTarget(name: "pocket", dependencies: ["PocketApp"]),
    // `swift run -c release pocket-bench`: timings through the same stack as `pocket`.
    .executableTarget(
      name: "Bench",
      dependencies: ["PocketDomain", "PocketData", "PocketPresentation", "PocketApp", "CSQLite", "TestSupport", "PocketTesting"]),
    // The start-up baseline `pocket-bench --process` runs: Foundation only, one line.
    .executableTarget(name: "BenchHello"),
    // The floor of a screen of dates: Foundation only, one localized date and one time.
    .executableTarget(name: "BenchFloor"),
    // Test helpers that need no store: clocks, fixtures, the failing fake store, and the
    // pseudo-terminal with its screen model (which measures text as App does).
    .target(
      name: "TestSupport", dependencies: ["PocketDomain", "PocketApp", "PocketPresentation", "PocketTesting"],
      path: "Tests/TestSupport"),
    // Where tests run (`.blocking`, `.onOneThread`): Swift Testing's traits, so apart from
    // TestSupport, which `pocket-bench` links.
    .target(name: "TestTraits", path: "Tests/TestTraits"),
    // The real stores under test (StoreKind), for the contract suite and the tests above it.
    .target(
      name: "StoreTestSupport", dependencies: ["PocketDomain", "PocketData", "TestSupport", "PocketTesting", "TestTraits"],
      path: "Tests/StoreTestSupport"),
    // The fuzz targets' entry points (`FuzzEntries`): each drives real code with the bytes
    // libFuzzer gives. `.ci/fuzz` links each target's `LLVMFuzzerTestOneInput`
    // (Tests/Fuzz/Targets, not a SwiftPM target: it has no `main`) against this module built
    // with `--sanitize fuzzer --sanitize address`; `FuzzRegressionTests` replays the corpus
    // and every input that ever crashed through the same entries.
    .target(
      name: "FuzzEntries", dependencies: ["PocketApp", "PocketData", "PocketDomain", "PocketPresentation"],
      path: "Tests/Fuzz/Entries"),
    .testTarget(
      name: "FuzzRegressionTests", dependencies: ["FuzzEntries", "TestTraits"],
      path: "Tests/Fuzz/RegressionTests"),
    // Domain alone: pure domain logic, and use cases against the failing fake.
    .testTarget(name: "DomainTests", dependencies: ["PocketDomain", "TestSupport", "PocketTesting", "TestTraits"]),
    // Use cases against the contract-tested stores (the in-memory store first of all).
    .testTarget(
      name: "UseCaseTests", dependencies: ["PocketDomain", "PocketData", "TestSupport", "PocketTesting", "StoreTestSupport"]),
    .testTarget(
      name: "DataTests",
      dependencies: ["PocketDomain", "PocketData", "TestSupport", "PocketTesting", "TestTraits", "StoreTestSupport"]),
    .testTarget(
      name: "PresentationTests",
      dependencies: ["PocketDomain", "PocketData", "PocketPresentation", "TestSupport", "PocketTesting", "StoreTestSupport"]),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "PocketApp", "pocket", "PocketDomain", "PocketData", "PocketPresentation", "TestSupport", "PocketTesting", "TestTraits",
        "StoreTestSupport",
      ]),
    // The whole-process run spawns `pocket`, `bench-hello` and `bench-floor`, so all are
    // built for it.
    .testTarget(name: "BenchTests", dependencies: ["Bench", "BenchHello", "BenchFloor", "pocket"]),
  ],
  swiftLanguageModes: [.v6]
)

// Swift 6.2's `nonisolated(nonsending)` default, in every target: a nonisolated async
// function (a use case, a repository of a struct) runs on its caller's actor instead of
// hopping to the cooperative pool. A one-shot `pocket` command then runs start to end on
// the main thread, its store included (`StoreThread.main`), and starts no other; work that
// is to leave its caller's actor says so (`@concurrent`).
for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
}
