import Foundation
import Testing

@testable import IAMSpecRunner

/// Specs/README.md's "Platforms" table has a place for every rule of `Specs/rules.yaml`, in the
/// column of the rule's `platforms.web`, and nothing else.
@Suite struct PlatformsTableTests {
    static let specs = FixturePaths.root.replacingOccurrences(of: "/Fixtures", with: "/Specs")

    /// The table's cells: for each area, the rule names of each column.
    static func table() throws -> [String: [Rule.Platforms.Verdict: Set<String>]] {
        let readme = try String(contentsOfFile: specs + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "\n## Platforms\n"))
        let end = try #require(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
        var table: [String: [Rule.Platforms.Verdict: Set<String>]] = [:]
        let columns: [Rule.Platforms.Verdict] = [.follows, .differs, .unknown]
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4 else { continue }
            let area = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            for (column, cell) in zip(columns, cells.dropFirst()) {
                let names = cell.split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                }
                table[area, default: [:]][column] = Set(names.filter { $0 != "—" })
            }
        }
        return table
    }

    @Test func everyRuleHasItsPlaceAndNothingElseDoes() throws {
        let suite = SuiteLoader.load(paths: [Self.specs])
        let table = try Self.table()
        var expected: [String: [Rule.Platforms.Verdict: Set<String>]] = [:]
        for rule in suite.rules.rules {
            let verdict = try #require(rule.platforms?.web, "\(rule.id) has no platforms entry")
            let name = String(rule.id.dropFirst(rule.area.count + 1))
            expected[rule.area, default: [.follows: [], .differs: [], .unknown: []]][verdict, default: []].insert(name)
        }
        #expect(suite.rules.rules.count >= 80)
        #expect(table == expected)
    }
}
