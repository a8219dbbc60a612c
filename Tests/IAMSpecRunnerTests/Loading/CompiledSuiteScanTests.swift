import Foundation
import IAMSpec
import Testing

@testable import IAMSpecPortable
@testable import IAMSpecRunner

/// A compiled suite's cases are read straight from their bytes (`CompiledSuite.scanCase`) when
/// they are in the shape `iamspec compile` writes, and by the full reader otherwise: the scan takes
/// every case iamspec writes, and never takes a case the full reader would refuse or read
/// differently, whatever value is broken, left out or added.
@Suite struct CompiledSuiteScanTests {
    private static let repository = URL(fileURLWithPath: FixturePaths.root).deletingLastPathComponent().path

    /// The cases of the Specs, each as the line `iamspec compile` writes, with the ids of the
    /// rules they name.
    private static func caseLines() throws -> (lines: [[UInt8]], ruleIDs: Set<String>) {
        let suite = SuiteLoader.load(paths: [repository + "/Specs"])
        try #require(suite.diagnostics.isEmpty, "\(suite.diagnostics)")
        let lines = suite.cases.map { specCase in
            var writer = JSONLineWriter()
            CompiledSuite.write(specCase, to: &writer)
            return writer.bytes
        }
        return (lines, Set(suite.rules.rules.map(\.id)))
    }

    /// The full reader's case, or nil where it refuses the line.
    private static func fullRead(_ line: [UInt8], ruleIDs: Set<String>) -> SpecCase? {
        guard let json = try? JSONParser.parse(line) else { return nil }
        return try? CompiledSuite.decodeCase(CompiledSuite.caseElement(json, at: 0), ruleIDs: ruleIDs)
    }

    /// The scan takes every case but those with what only the full reader reads (an escape in a
    /// string, a negative number, an integer of 19 digits), and reads each as the full reader does.
    @Test func everyPlainCaseIamspecWritesIsScannedAsTheFullReaderReadsIt() throws {
        let (lines, ruleIDs) = try Self.caseLines()
        var scannedCount = 0
        for line in lines {
            let text = String(decoding: line, as: UTF8.self)
            let full = try #require(Self.fullRead(line, ruleIDs: ruleIDs), "\(text)")
            guard let scanned = CompiledSuite.scanCase(line, ruleIDs: ruleIDs) else {
                let signOrLongNumber = text.range(of: #"[:,\[]-|\d{19}"#, options: .regularExpression)
                let onlyFull = text.contains("\\") || signOrLongNumber != nil
                #expect(onlyFull, "a plain case left to the full reader: \(text)")
                continue
            }
            scannedCount += 1
            #expect(DeepDescription.of(scanned) == DeepDescription.of(full), "\(text)")
        }
        // Most of the Specs are plain.
        #expect(scannedCount * 10 > lines.count * 8)
    }

    /// Each value of a case broken in turn (replaced by a value of every other shape, left out),
    /// and an unknown key added to each object: what the scan takes, the full reader takes the same.
    @Test func noBrokenCaseIsScannedOtherwiseThanTheFullReaderReadsIt() throws {
        let (lines, ruleIDs) = try Self.caseLines()
        var scannedBroken = 0
        var refusedByBoth = 0
        // Every 15th case: each kind of stimulus, pattern and message shape is among them.
        for line in stride(from: 0, to: lines.count, by: 15).map({ lines[$0] }) {
            for broken in Self.breakages(of: try JSONParser.parse(line)) {
                let text = Array(JSONSerializer.line(broken).utf8)
                let scanned = CompiledSuite.scanCase(text, ruleIDs: ruleIDs)
                let full = Self.fullRead(text, ruleIDs: ruleIDs)
                if let scanned {
                    scannedBroken += 1
                    #expect(
                        full.map(DeepDescription.of) == DeepDescription.of(scanned),
                        "scanned what the full reader reads otherwise: \(JSONSerializer.line(broken))"
                    )
                } else if full == nil {
                    refusedByBoth += 1
                }
            }
        }
        // The breakages reach both ways: some are still valid cases, most are refused.
        #expect(scannedBroken > 0 && refusedByBoth > 1_000)
    }

    /// A `requires` emptied by hand reads back, both ways, with what the case's content needs
    /// (`CapabilityNeeds`), as the loader derives it; what only the file says stays.
    @Test func bothReadersAddWhatTheCaseNeedsToItsRequires() throws {
        let (lines, ruleIDs) = try Self.caseLines()
        for line in lines.prefix(40) {
            guard case .object(var fields) = try JSONParser.parse(line) else {
                Issue.record("a case that is no object")
                continue
            }
            let declared = fields["requires"]
            fields["requires"] = .array([.string(Capability.displayNext.rawValue)])
            let edited = Array(JSONSerializer.line(.object(fields)).utf8)
            let full = try #require(Self.fullRead(edited, ruleIDs: ruleIDs))
            let expected = CapabilityNeeds.of(full).union([.displayNext])
            #expect(full.requires == expected, "\(full.id)")
            if let scanned = CompiledSuite.scanCase(edited, ruleIDs: ruleIDs) {
                #expect(scanned.requires == expected, "\(full.id)")
            }
            // What the loader wrote held them already.
            let written = Set(Self.strings(declared).compactMap { Capability(rawValue: $0) })
            #expect(CapabilityNeeds.of(full).isSubset(of: written))
        }
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let elements)? = value else { return [] }
        return elements.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    @Test func aKeyWrittenTwiceIsLeftToTheFullReader() throws {
        let (lines, ruleIDs) = try Self.caseLines()
        let line = String(decoding: lines[0], as: UTF8.self)
        let twice = Array(line.replacingOccurrences(of: #"{"id":"#, with: #"{"id":"again","id":"#).utf8)
        #expect(CompiledSuite.scanCase(twice, ruleIDs: ruleIDs) == nil)
        #expect(Self.fullRead(twice, ruleIDs: ruleIDs) == nil)
    }

    /// The element scanned from a buffer that goes on past it, and one cut short.
    @Test func aCaseIsScannedFromTheStartOfTheTextAfterIt() throws {
        let (lines, ruleIDs) = try Self.caseLines()
        let text = lines[0] + Array(#",{"id":"next"}]}"#.utf8)
        let scanned = text.withUnsafeBufferPointer { CompiledSuite.scanCase($0, ruleIDs: ruleIDs) }
        #expect(scanned?.count == lines[0].count)
        let cut = Array(lines[0].dropLast())
        #expect(cut.withUnsafeBufferPointer { CompiledSuite.scanCase($0, ruleIDs: ruleIDs) } == nil)
    }

    /// `value` with one of its values replaced or left out, or an unknown key added to one of its
    /// objects, each way in turn.
    private static func breakages(of value: JSONValue) -> [JSONValue] {
        let replacements: [JSONValue] = [
            .null, .boolean(true), .integer(0), .integer(-1), .number(1.5), .string(""), .string("*"),
            .string("unknown"), .array([]), .object([:]),
        ]
        var broken: [JSONValue] = []
        switch value {
        case .object(let fields):
            for (key, field) in fields {
                var without = fields
                without[key] = nil
                broken.append(.object(without))
                for replacement in replacements + breakages(of: field) where replacement != field {
                    var changed = fields
                    changed[key] = replacement
                    broken.append(.object(changed))
                }
            }
            var added = fields
            added["unknown_key"] = .integer(1)
            broken.append(.object(added))
        case .array(let elements):
            for (position, element) in elements.enumerated() {
                for replacement in replacements + breakages(of: element) where replacement != element {
                    var changed = elements
                    changed[position] = replacement
                    broken.append(.array(changed))
                }
            }
            if let first = elements.first { broken.append(.array(elements + [first])) }
        case .null, .boolean, .integer, .number, .string:
            break
        }
        return broken
    }
}
