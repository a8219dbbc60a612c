// swift-tools-version:6.0

import PackageDescription

// The products follow their audiences (ARCHITECTURE.md draws the graph):
// - an engine author's adapter links `IAMSpec` alone: no system library, no POSIX call;
// - an app's test bundle adds `IAMSpecPortable`: a compiled suite (`iamspec compile`) run case by
//   case on the engine, with nothing but Foundation (no YAML, no process, no file system walk),
//   and `IAMSpecPortableTesting` to make each case run a Swift Testing test (or an XCTest check);
//   `IAMSpecBundledSpecs` holds this version's Specs compiled, so the app needs no host build;
// - their tests add `IAMSpecRunner` (load the Specs, run them, write the reports) and, for a
//   test double, `IAMSpecTesting`;
// - an engine in another process is driven, or a Swift engine served, by `IAMSpecStdio`;
// - `IAMSpecSite` renders the Specs and results as a static site;
// - the `iamspec` tool puts them together with the reference engine, the explanation of a failing
//   engine (`IAMSpecExplanation`: its behaviours, names, experiments, smallest cases) and what the
//   behaviours measure of the Specs (`IAMSpecMutants`).
let package = Package(
    name: "iamspec",
    // Synchronization's `Mutex` (the runner, the stdio engines and the tool share state between
    // threads with it) needs macOS 15; the core names no platform API and builds for iOS as is;
    // the portable executor measures runs on `ContinuousClock` and awaits them (iOS 16).
    platforms: [.macOS(.v15), .iOS(.v16)],
    products: [
        /// The case model and the engine protocol: what an engine adapter implements.
        .library(name: "IAMSpec", targets: ["IAMSpec"]),
        /// A compiled suite run case by case inside an app's own test bundle, with the same results.
        .library(name: "IAMSpecPortable", targets: ["IAMSpecPortable"]),
        /// Each case run of a compiled suite as a Swift Testing test, or checked from an XCTest.
        .library(name: "IAMSpecPortableTesting", targets: ["IAMSpecPortableTesting"]),
        /// This version's Specs, compiled, as a resource: what an app's test target runs, with no host build.
        .library(name: "IAMSpecBundledSpecs", targets: ["IAMSpecBundledSpecs"]),
        /// Loading the Specs, running them against an engine, and the console, JUnit and JSON reports.
        .library(name: "IAMSpecRunner", targets: ["IAMSpecRunner"]),
        /// Engines in another process, over the line-delimited JSON protocol of Specs/PROTOCOL.md.
        .library(name: "IAMSpecStdio", targets: ["IAMSpecStdio"]),
        /// The documentation site: rules, cases in words, and a conformance matrix.
        .library(name: "IAMSpecSite", targets: ["IAMSpecSite"]),
        /// The reference in-app message delivery engine.
        .library(name: "IAMSpecReferenceEngine", targets: ["IAMSpecReferenceEngine"]),
        /// A scripted test-double engine, for engine authors' and iamspec's own tests.
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
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        /// System calls Swift cannot import (variadic `prctl`).
        .target(name: "CIAMSpecSystem"),
        /// The tool's first instructions, before any library's initialiser: SIGINT, SIGTERM and
        /// SIGHUP blocked (`InterruptSignals`). The tool's alone: a library must leave its
        /// process's signals alone.
        .target(name: "CIAMSpecToolStart"),
        /// FoundationEssentials (or Foundation) and the C library, for every module but the core.
        .target(name: "IAMSpecPlatform"),
        .target(name: "IAMSpec"),
        /// Imports the core and Foundation alone (scripts/test checks it): it builds for iOS.
        .target(name: "IAMSpecPortable", dependencies: ["IAMSpec"]),
        .target(name: "IAMSpecPortableTesting", dependencies: ["IAMSpec", "IAMSpecPortable"]),
        /// `iamspec compile Specs`, kept current by scripts/test (`scripts/update-bundled-specs`).
        .target(
            name: "IAMSpecBundledSpecs",
            dependencies: ["IAMSpecPortable"],
            resources: [.copy("Resources/suite.json")]
        ),
        .target(
            name: "IAMSpecRunner",
            dependencies: ["IAMSpec", "IAMSpecPortable", "IAMSpecPlatform", "CYAML"]
        ),
        .target(
            name: "IAMSpecStdio",
            dependencies: ["IAMSpec", "IAMSpecPortable", "IAMSpecPlatform", "CIAMSpecSystem"]
        ),
        .target(name: "IAMSpecSite", dependencies: ["IAMSpec", "IAMSpecPlatform", "IAMSpecRunner"]),
        .target(name: "IAMSpecReferenceEngine", dependencies: ["IAMSpec"]),
        .target(name: "IAMSpecTesting", dependencies: ["IAMSpec"]),
        /// The explanation of a failing engine: the behaviour catalogue, the search for the names of what
        /// the engine does differently, their predictions and experiments, the smallest cases, and the
        /// scenario generator, shrinker and exploration they run on.
        .target(
            name: "IAMSpecExplanation",
            dependencies: ["IAMSpec", "IAMSpecRunner", "IAMSpecReferenceEngine"]
        ),
        /// What the behaviours measure of the Specs: mutation analysis, the needs proof, migration.
        .target(
            name: "IAMSpecMutants",
            dependencies: [
                "IAMSpec", "IAMSpecPlatform", "IAMSpecRunner", "IAMSpecReferenceEngine", "IAMSpecExplanation",
            ]
        ),
        .executableTarget(
            name: "iamspec",
            dependencies: [
                "IAMSpec",
                "IAMSpecPlatform",
                "IAMSpecPortable",
                "IAMSpecRunner",
                "IAMSpecStdio",
                "IAMSpecSite",
                "IAMSpecReferenceEngine",
                "IAMSpecExplanation",
                "IAMSpecMutants",
                "CIAMSpecSystem",
                "CIAMSpecToolStart",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "IAMSpecRunnerTests",
            dependencies: ["IAMSpec", "IAMSpecPortable", "IAMSpecRunner", "IAMSpecTesting"]
        ),
        .testTarget(
            name: "IAMSpecStdioTests",
            dependencies: ["IAMSpec", "IAMSpecPortable", "IAMSpecRunner", "IAMSpecStdio", "IAMSpecTesting"]
        ),
        .testTarget(
            name: "IAMSpecPortableTests",
            dependencies: [
                "IAMSpec", "IAMSpecPortable", "IAMSpecPortableTesting", "IAMSpecRunner", "IAMSpecTesting",
                "IAMSpecReferenceEngine", "IAMSpecExplanation", "IAMSpecBundledSpecs",
            ]
        ),
        .testTarget(
            name: "IAMSpecSiteTests",
            dependencies: ["IAMSpec", "IAMSpecPortable", "IAMSpecRunner", "IAMSpecSite"]
        ),
        .testTarget(
            name: "IAMSpecReferenceEngineTests",
            dependencies: ["IAMSpecReferenceEngine", "IAMSpec", "IAMSpecPortable"]
        ),
        .testTarget(
            name: "IAMSpecExplanationTests",
            dependencies: [
                "IAMSpecExplanation", "IAMSpecMutants", "IAMSpec", "IAMSpecRunner", "IAMSpecReferenceEngine",
            ]
        ),
        .testTarget(
            name: "IAMSpecMutantsTests",
            dependencies: [
                "IAMSpecMutants", "IAMSpecExplanation", "IAMSpec", "IAMSpecRunner", "IAMSpecReferenceEngine",
            ]
        ),
        .testTarget(
            name: "iamspecEndToEndTests",
            dependencies: ["IAMSpec", "IAMSpecRunner", "IAMSpecExplanation", "IAMSpecMutants"]
        ),
        /// The Swift samples of the DocC articles, compiled, and each checked against its article.
        .testTarget(name: "DocumentationSampleTests", dependencies: ["IAMSpec", "IAMSpecRunner", "IAMSpecStdio"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
