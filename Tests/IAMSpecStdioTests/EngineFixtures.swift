import Foundation
import IAMSpec

@testable import IAMSpecStdio

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Python engines in `Fixtures/engines`, and what tests need to run them.
enum EngineFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/engines")

    /// `python3 <fixture>`, quoted for the shell.
    static func command(_ relativePath: String, arguments: [String] = []) -> String {
        (["python3", directory.appendingPathComponent(relativePath).path] + arguments)
            .map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }
            .joined(separator: " ")
    }

    /// A setup whose first message carries extras, so the fault engines' good path shows them.
    static func setup(_ caseID: String, messages: [InAppMessage]? = nil) -> EngineSetup {
        EngineSetup(
            caseID: caseID,
            profile: .brazeSwift,
            configuration: EngineConfiguration(),
            messages: messages ?? [InAppMessage(id: "promo", triggers: [.sessionStart], extras: ["from": caseID])]
        )
    }

    /// Whether no process with this id exists any more (neither running nor a zombie).
    static func isGone(_ pid: Int32) -> Bool {
        kill(pid, 0) == -1 && errno == ESRCH
    }

    /// The processes (running or zombie) whose parent is this test process and whose command
    /// line mentions `name`, read from `/proc`.
    static func children(running name: String) -> [Int32] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), parentProcessID(of: pid) == me else { return nil }
            let commandLine = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(entry)/cmdline"))) ?? Data()
            return String(decoding: commandLine, as: UTF8.self).contains(name) ? pid : nil
        }
    }

    /// The id of a process's parent, read from `/proc`; nil when there is no such process.
    static func parentProcessID(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return nil }
        let fields = stat[afterName.upperBound...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    /// The process id of the engine process a provider's engine runs on.
    static func processID(of engine: any DeliveryEngine) -> Int32? {
        (engine as? StdioEngine)?.processID
    }
}
