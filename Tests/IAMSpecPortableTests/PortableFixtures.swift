import Foundation
import IAMSpec
import IAMSpecPortable
import IAMSpecRunner

/// Suites and engines for the portable executor's tests.
enum PortableFixtures {
    /// The repository's root, found from this file.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The bundled Specs.
    static let specs = repository + "/Specs"

    /// The compiled suite of the runs `selection` makes of the folder, read back from its bytes
    /// as an app's test bundle reads it.
    static func compiled(_ folder: String, selection: RunSelection = RunSelection()) throws -> PortableSuite {
        let loaded = SuiteLoader.load(paths: [folder])
        guard loaded.diagnostics.isEmpty else { throw SuiteLoadingError(diagnostics: loaded.diagnostics) }
        let compiled = try CompiledSuite(
            selecting: selection.runs(of: loaded.loadedCases),
            rules: loaded.rules,
            paths: [folder],
            selection: selection,
            timeoutMilliseconds: 30_000
        )
        return try PortableSuite(data: Data(compiled.encoded()), named: "suite.json")
    }

    /// A suite of one case, `promo`, whose session start must display `promo`, run under
    /// braze-swift, that may take `timeout` milliseconds.
    static func promoSuite(timeout: Int64 = 30_000, requires: Set<Capability> = []) -> PortableSuite {
        let file = "Specs/area/case.yaml"
        let specCase = SpecCase(
            id: "promo",
            title: "the promo shows",
            rules: ["delivery.basic"],
            profiles: [.brazeSwift],
            requires: requires,
            messages: [InAppMessage(id: "promo", triggers: [.sessionStart])],
            steps: [
                Step(
                    .stimulus(.sessionStarted(syncPending: false)),
                    location: SourceLocation(file: file, line: 5, column: 7)
                ),
                Step(
                    .expectation(Expectation(sequence: [.displayed(.id("promo"), extras: nil)])),
                    location: SourceLocation(file: file, line: 6, column: 7)
                ),
            ],
            location: SourceLocation(file: file, line: 1, column: 3)
        )
        return PortableSuite(
            CompiledSuite(
                suitePaths: ["Specs"],
                selection: RunSelection(),
                timeoutMilliseconds: timeout,
                rules: [
                    RuleReference(
                        id: "delivery.basic",
                        sources: ["seed 001 (en)"],
                        title: "Messages show",
                        quotedLine: "q"
                    )
                ],
                cases: [specCase],
                runs: [CompiledSuite.Run(caseIndex: 0, profile: .brazeSwift)]
            )
        )
    }

    /// The lines of a results stream with what may differ between two runs of the same results
    /// blanked: the header's circumstances (start, jobs, executor, invocation), the
    /// durations, and the re-run lines, which the executor and the invocation make.
    static func comparable(_ stream: [UInt8]) -> [String] {
        let patterns = [
            (#""started_at":"[^"]*""#, #""started_at":"""#),
            (#""jobs":[0-9]+"#, #""jobs":0"#),
            (#""executor":"portable","#, ""),
            (#""invocation":\{(?:"(?:[^"\\]|\\.)*"|[^{}"])*\},"#, ""),
            (#""duration_ms":[0-9]+"#, #""duration_ms":0"#),
            (#""rerun":"(?:[^"\\]|\\.)*""#, #""rerun":"""#),
        ]
        return String(decoding: stream, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
            var line = String($0)
            for (pattern, replacement) in patterns {
                line = line.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
            }
            return line
        }
    }
}
