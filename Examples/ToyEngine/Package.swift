// swift-tools-version:6.0

import PackageDescription

// An engine author's package, as it would test its engine against iamspec:
// - `ToyMessaging` is "their engine": it knows nothing of iamspec;
// - `ToyMessagingConformance` adapts it to iamspec's engine protocol, with the `IAMSpec` product alone;
// - the tests run the conformance suite on it with the `IAMSpecRunner` product.
let package = Package(
    name: "ToyEngine",
    // The same minimum as iamspec's own Package.swift.
    platforms: [.macOS(.v15)],
    products: [
        // The adapter, for a package that tests the toy engine another way (Examples/PortableSuite:
        // in a test bundle, from a compiled suite). A package you publish must not export a product
        // that depends on iamspec: no app could depend on it by version (README.md says the layout
        // that works).
        .library(name: "ToyMessagingConformance", targets: ["ToyMessagingConformance"])
    ],
    dependencies: [
        // The iamspec checkout this example lives in. Your package names iamspec with
        // `.package(url:...)` and the URL you clone it from; its products are then found under
        // the package "iamspec" (the URL's last component, less `.git`). A path dependency is
        // known by its folder's name, whatever the clone is called, so this one gives the name.
        .package(name: "iamspec", path: "../..")
    ],
    targets: [
        .target(name: "ToyMessaging"),
        .target(
            name: "ToyMessagingConformance",
            dependencies: [
                "ToyMessaging",
                .product(name: "IAMSpec", package: "iamspec"),
            ]
        ),
        .testTarget(
            name: "ToyMessagingConformanceTests",
            dependencies: [
                "ToyMessagingConformance",
                .product(name: "IAMSpec", package: "iamspec"),
                .product(name: "IAMSpecRunner", package: "iamspec"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
