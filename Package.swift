// swift-tools-version:6.0

import PackageDescription

let package = Package(
    name: "iamspec",
    products: [
        /// The case model, the YAML loader, the engine protocol, the runner and the reports.
        .library(name: "IAMSpec", targets: ["IAMSpec"]),
        /// The reference in-app message delivery engine.
        .library(name: "IAMSpecReferenceEngine", targets: ["IAMSpecReferenceEngine"]),
        /// Test doubles for engine authors and for iamspec's own tests.
        .library(name: "IAMSpecTesting", targets: ["IAMSpecTesting"]),
        .executable(name: "iamspec", targets: ["iamspec"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        /// System calls Swift cannot import (variadic `prctl`).
        .target(name: "CIAMSpecSystem"),
        .target(name: "IAMSpec", dependencies: ["CYAML", "CIAMSpecSystem"]),
        .target(name: "IAMSpecReferenceEngine", dependencies: ["IAMSpec"]),
        .target(name: "IAMSpecTesting", dependencies: ["IAMSpec"]),
        .target(name: "IAMSpecMutants", dependencies: ["IAMSpec", "IAMSpecReferenceEngine"]),
        .executableTarget(
            name: "iamspec",
            dependencies: [
                "IAMSpec",
                "IAMSpecReferenceEngine",
                "IAMSpecMutants",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "IAMSpecTests", dependencies: ["IAMSpec", "IAMSpecTesting"]),
        .testTarget(name: "IAMSpecReferenceEngineTests", dependencies: ["IAMSpecReferenceEngine", "IAMSpec"]),
        .testTarget(
            name: "IAMSpecMutantsTests",
            dependencies: ["IAMSpecMutants", "IAMSpec", "IAMSpecReferenceEngine"]
        ),
        .testTarget(name: "iamspecEndToEndTests", dependencies: ["IAMSpec", "IAMSpecMutants"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
