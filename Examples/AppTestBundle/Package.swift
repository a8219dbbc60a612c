// swift-tools-version:6.0

import PackageDescription

// An app's test package as it would run iamspec inside its test bundle: it depends on the portable
// products and on `IAMSpecBundledSpecs`, this version's Specs compiled, so it needs neither a host
// build of the `iamspec` tool nor libyaml. `scripts/test` builds and runs it with libyaml and
// pkg-config hidden. The engine here is iamspec's reference engine, standing for the app's own,
// and the same with a known failure, judged by its baseline (Resources/my-app-engine.baseline.json).
let package = Package(
    name: "AppTestBundle",
    platforms: [.macOS(.v15), .iOS(.v16)],
    dependencies: [
        // The iamspec checkout this example lives in; yours names it with `.package(url:revision:)`.
        .package(name: "iamspec", path: "../..")
    ],
    targets: [
        .testTarget(
            name: "BundledSpecsTests",
            dependencies: [
                .product(name: "IAMSpecPortable", package: "iamspec"),
                .product(name: "IAMSpecPortableTesting", package: "iamspec"),
                .product(name: "IAMSpecBundledSpecs", package: "iamspec"),
                // Stands for the app's own engine adapter.
                .product(name: "IAMSpecReferenceEngine", package: "iamspec"),
            ],
            // The baseline of the engine with a known failure (MyAppEngineConformance), read with no YAML.
            resources: [.copy("Resources/my-app-engine.baseline.json")]
        )
    ],
    swiftLanguageModes: [.v6]
)
