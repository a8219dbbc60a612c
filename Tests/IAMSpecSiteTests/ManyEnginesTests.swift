import IAMSpec
import IAMSpecRunner
import Testing

@testable import IAMSpecSite

/// The matrix stays readable with many engines: the summary puts at most
/// `ConformanceMatrix.enginesPerTable` engines side by side (more engines make more tables, one
/// below the other), and each engine gets a page of its own with a bounded number of columns.
@Suite("A matrix of many engines")
struct ManyEnginesTests {
    /// `count` engines' results, every engine running every case, one in three failing a run.
    static func results(_ count: Int) -> [RunSummary] {
        (1...count).map { number in
            SiteFixtures.results(
                engine: "Engine \(number)",
                [
                    ("stack-one", .brazeSwift, number % 3 == 0 ? .failed : .passed),
                    ("stack-one", .appboyLegacy, .passed),
                    ("interval-two", .brazeSwift, .passed), ("interval-two", .appboyLegacy, .skipped),
                ],
                messages: ["stack-one@braze-swift": "engine \(number) showed nothing"]
            )
        }
    }

    /// The number of header cells of each table of an HTML page.
    static func htmlColumns(_ page: String) -> [Int] {
        page.components(separatedBy: "<thead>").dropFirst().map { table in
            String(table.prefix { $0 != "\n" }).components(separatedBy: "<th scope=\"col\">").count - 1
        }
    }

    /// The number of cells of each table's header row of a Markdown page.
    static func markdownColumns(_ page: String) -> [Int] {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.indices.dropFirst().compactMap { index in
            guard lines[index].hasPrefix("| ---") else { return nil }
            return lines[index].split(separator: "|").count
        }
    }

    @Test func twentyEnginesMakeFourTablesPerAreaOfAtMostSixColumnsAndAPageEach() throws {
        let files = try SiteFixtures.files(results: Self.results(20))
        let matrix = try #require(files["matrix.html"])
        let columns = Self.htmlColumns(matrix)
        #expect(columns.allSatisfy { $0 <= 1 + ConformanceMatrix.enginesPerTable }, "\(columns)")
        // The conformance table (engines as rows), then two areas of four tables each.
        #expect(columns == [6] + Array(repeating: 6, count: 8))
        #expect(matrix.components(separatedBy: "<table class=\"matrix stack\">").count - 1 == 8)
        #expect(matrix.contains("<caption>Engines 1 to 5 of 20</caption>"))
        #expect(matrix.contains("<caption>Engines 16 to 20 of 20</caption>"))
        #expect(Self.markdownColumns(try #require(files["markdown/matrix.md"])).allSatisfy { $0 <= 7 })
        for number in 1...20 {
            let page = try #require(files["engines/engine-\(number).html"], "engine \(number) has a page")
            #expect(Self.htmlColumns(page).allSatisfy { $0 <= 6 }, "engines/engine-\(number).html")
            #expect(page.contains("<h1>Engine \(number) 1.0</h1>"))
            #expect(page.contains("engine \(number) showed nothing") == (number % 3 == 0))
            #expect(!page.contains("Engine \(number % 20 + 1) 1.0"), "one engine's page names no other engine")
            let markdown = try #require(files["markdown/engines/engine-\(number).md"])
            #expect(Self.markdownColumns(markdown).allSatisfy { $0 <= 7 })
            #expect(matrix.contains("<a href=\"engines/engine-\(number).html\">Engine \(number) 1.0</a>"))
        }
    }

    @Test func fiveEnginesFitOneTablePerArea() throws {
        let files = try SiteFixtures.files(results: Self.results(5))
        let matrix = try #require(files["matrix.html"])
        #expect(Self.htmlColumns(matrix) == [6, 6, 6])
        #expect(!matrix.contains("<caption>"))
        #expect(files.keys.filter { $0.hasPrefix("engines/") }.count == 5)
    }

    @Test func theSummaryGrowsByRowsNotColumnsWithTheNumberOfEngines() throws {
        let five = try #require(try SiteFixtures.files(results: Self.results(5))["matrix.html"])
        let twenty = try #require(try SiteFixtures.files(results: Self.results(20))["matrix.html"])
        #expect(Self.htmlColumns(five).max() == Self.htmlColumns(twenty).max())
        #expect(twenty.count > five.count)
    }
}
