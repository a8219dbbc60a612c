import Foundation
import IAMSpec
import Testing

@testable import IAMSpecStdio

/// One process serves many cases; cases running at once get a process each; a worker keeps its own.
@Suite struct EnginePoolTests {
    private let command = EngineFixtures.command("faults/exits_mid_case.py")

    @Test func oneProcessServesCaseAfterCase() throws {
        let provider = try StdioEngineProvider(command: command)
        defer { provider.shutdown() }
        var pids: Set<Int32> = []
        for index in 0..<4 {
            var engine = try provider.makeEngine(for: EngineFixtures.setup("case-\(index)"))
            pids.insert(try #require(EngineFixtures.processID(of: engine)))
            #expect(
                try engine.handle(.sessionStarted(syncPending: false))
                    == [.displayed("promo", extras: ["from": "case-\(index)"])]
            )
        }
        #expect(pids.count == 1)
    }

    @Test func aWorkerGetsBackTheProcessItCheckedIn() throws {
        // Two workers (told apart by their threads) each hold a process, then hand them back one
        // after the other: each gets its own back, not the one checked in last.
        let pool = EnginePool(command: command, settings: StdioEngineSettings()) {
            () throws(EngineError) -> any EngineChannel in
            try ChildProcess(command: command, stderrCapacity: 4_096)
        }
        defer { pool.shutdown() }
        _ = try pool.startFirst()
        let first = try pool.checkOut(by: 1)
        let second = try pool.checkOut(by: 2)
        #expect(first !== second)
        pool.checkIn(first, endsCase: false, by: 1)
        pool.checkIn(second, endsCase: false, by: 2)
        #expect(try pool.checkOut(by: 1) === first)
        #expect(try pool.checkOut(by: 2) === second)
    }

    @Test func casesRunningAtOnceGetAProcessEach() async throws {
        let provider = try StdioEngineProvider(command: command)
        let engines = try (0..<3).map { try provider.makeEngine(for: EngineFixtures.setup("case-\($0)")) }
        let pids = try engines.map { try #require(EngineFixtures.processID(of: $0)) }
        #expect(Set(pids).count == 3)

        let results = try await withThrowingTaskGroup(of: [Observation].self) { group in
            for engine in engines {
                let engine = try #require(engine as? StdioEngine)
                group.addTask { try engine.handle(.sessionStarted(syncPending: false)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 3)
        #expect(results.allSatisfy { $0.count == 1 })

        provider.shutdown()
        for pid in pids { #expect(EngineFixtures.isGone(pid)) }
        #expect(EngineFixtures.children(running: "exits_mid_case.py").allSatisfy { !pids.contains($0) })
    }
}
