// swift-tools-version:6.0

import PackageDescription

// A test target as an app's would be, testing an engine with iamspec's portable executor: the
// suite compiled on the host (`iamspec compile`, here by `update-suite`) is a resource of the test
// target, and each case run is a Swift Testing test, with no YAML, no process and no file system
// walk (what an iOS simulator's test bundle allows). The engine is Examples/ToyEngine's adapter.
let package = Package(
    name: "PortableSuite",
    platforms: [.macOS(.v15), .iOS(.v16)],
    dependencies: [
        // The iamspec checkout this example lives in (yours names it with `.package(url:...)`),
        // and the toy engine's package beside it.
        .package(name: "iamspec", path: "../.."),
        .package(name: "ToyEngine", path: "../ToyEngine"),
    ],
    targets: [
        .testTarget(
            name: "ToyEnginePortableTests",
            dependencies: [
                .product(name: "IAMSpecPortable", package: "iamspec"),
                .product(name: "IAMSpecPortableTesting", package: "iamspec"),
                .product(name: "ToyMessagingConformance", package: "ToyEngine"),
            ],
            resources: [.copy("Resources/suite.json")]
        )
    ],
    swiftLanguageModes: [.v6]
)
