// swift-tools-version: 6.2
import PackageDescription

// A second front end for Pocket's core, as an adopter writes one: a package of its own that
// depends on Pocket by path and uses only its library products (PocketDomain, PocketData,
// PocketPresentation, and PocketTesting in its tests) — nothing of App. Pocket's CI builds and tests it, so the
// public API cannot break for adopters unseen.
let package = Package(
  name: "PocketMini",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [.package(name: "Pocket", path: "../..")],
  targets: [
    .target(
      name: "MiniFrontEnd",
      dependencies: [
        .product(name: "PocketDomain", package: "Pocket"),
        .product(name: "PocketData", package: "Pocket"),
        .product(name: "PocketPresentation", package: "Pocket"),
      ]),
    .executableTarget(
      name: "pocket-mini",
      dependencies: [
        "MiniFrontEnd", .product(name: "PocketDomain", package: "Pocket"),
        .product(name: "PocketData", package: "Pocket"),
      ]),
    .testTarget(
      name: "MiniFrontEndTests",
      dependencies: [
        "MiniFrontEnd",
        .product(name: "PocketDomain", package: "Pocket"),
        .product(name: "PocketData", package: "Pocket"),
        .product(name: "PocketPresentation", package: "Pocket"),
        .product(name: "PocketTesting", package: "Pocket"),
      ]),
  ]
)
