// swift-tools-version:6.0

import PackageDescription

// A test package whose engine ends the test process in the middle of the suite (`exit(0)` as
// one case's run begins), as an SDK's fatal-error handler might: `scripts/test` runs it and
// expects `swift test` to fail loudly, with the results stream marked interrupted, rather than
// exit 0 with no summary.
let package = Package(
    name: "ExitingEngine",
    platforms: [.macOS(.v15), .iOS(.v16)],
    dependencies: [.package(name: "iamspec", path: "../../..")],
    targets: [
        .testTarget(
            name: "ExitingEngineTests",
            dependencies: [
                .product(name: "IAMSpec", package: "iamspec"),
                .product(name: "IAMSpecPortable", package: "iamspec"),
                .product(name: "IAMSpecPortableTesting", package: "iamspec"),
                .product(name: "IAMSpecBundledSpecs", package: "iamspec"),
                .product(name: "IAMSpecReferenceEngine", package: "iamspec"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
