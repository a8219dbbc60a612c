import Foundation
import IAMSpec
import Testing

/// The article "Adapting an engine that is not a Braze SDK": every Swift sample compiles (each is
/// found, word for word, in `AdaptingAForeignEngineSamples.swift`), and says what the text says.
@Suite("The guide for engines that are not Braze SDKs")
struct AdaptingAForeignEngineTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everySwiftSampleIsCompiledCode() throws {
        let article = Self.packageRoot.appendingPathComponent(
            "Sources/IAMSpec/Documentation.docc/AdaptingAForeignEngine.md"
        )
        let compiled = Self.packageRoot.appendingPathComponent(
            "Tests/DocumentationSampleTests/AdaptingAForeignEngineSamples.swift"
        )
        let samples = CodeSamples(markdown: try String(contentsOf: article, encoding: .utf8))
        #expect(samples.samples.count >= 6, "the article's Swift samples are found")
        for sample in samples.missing(from: try String(contentsOf: compiled, encoding: .utf8)) {
            Issue.record(
                """
                the sample at \(article.lastPathComponent):\(sample.line) is not in \(compiled.lastPathComponent):
                \(sample.lines.joined(separator: "\n"))
                """
            )
        }
    }

    @Test func anEngineDescribedWithNothingHasNothingAndAcmeWhatItNames() {
        #expect(acmeWithNothingYet().capabilities.isEmpty)
        let lacking: Set<Capability> = [.displayNext, .priority, .propertyFilters, .reeligibility]
        #expect(
            AcmeProvider().description.capabilities
                == Capability.assumedUnlessLacking.subtracting(lacking).union([.assets, .analytics])
        )
    }

    @Test func aSampleNotInTheCompiledFileIsMissing() {
        let samples = CodeSamples(markdown: "text\n```swift\nlet a = 1\n\nlet b = 2\n```\n```sh\nls\n```\n")
        #expect(samples.samples.map(\.line) == [3])
        #expect(samples.missing(from: "func f() {\n    let a = 1\n\n    let b = 2\n}\n").isEmpty)
        #expect(samples.missing(from: "func f() {\n    let a = 1\n    let b = 2\n}\n").count == 1)
        #expect(samples.missing(from: "func f() {\n    let a = 1\n\n  let b = 2\n}\n").count == 1)
    }
}
