import Foundation
import Testing

/// A symbolic link among a suite's inputs (in a spec folder, or a spec file, rule catalogue, seed
/// catalogue or baseline named on the command line) is followed only to a file so named, inside
/// the folder given or the repository holding it: anything else is refused by its path and never
/// read, and no error shows a line of a file that is not text (issue 53).
@Suite("Links among the spec inputs")
struct SpecInputLinkTests {
    /// The token a planted file holds, and the value of a variable of the command's environment:
    /// neither may ever be printed.
    private static let token = "ghp_e2eTokenThatMustNeverBePrinted"
    private static let secretVariable = ["IAMSPEC_E2E_SECRET": "environmentSecretNeverPrinted"]

    /// A scratch folder holding `Specs` (a copy of Fixtures/specs/passing) and `token.txt`; a
    /// repository when `isRepository` (a `.git` folder).
    private func scratchSuite(isRepository: Bool = false) throws -> URL {
        let folder = try IAMSpecExecutable.scratchFolder()
        try FileManager.default.copyItem(
            at: IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/specs/passing"),
            to: folder.appendingPathComponent("Specs")
        )
        try "https://user:\(Self.token)@github.com\n".write(
            to: folder.appendingPathComponent("token.txt"),
            atomically: false,
            encoding: .utf8
        )
        if isRepository {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(".git"),
                withIntermediateDirectories: true
            )
        }
        return folder
    }

    private func link(_ path: String, in folder: URL, to target: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(path).path,
            withDestinationPath: target
        )
    }

    private func expectNothingQuoted(_ outcome: IAMSpecExecutable.Outcome) {
        let printed = outcome.standardOutput + outcome.standardError
        #expect(!printed.contains(Self.token), "\(printed)")
        #expect(!printed.contains("environmentSecretNeverPrinted"), "\(printed)")
        #expect(!printed.contains(" | "), "a line of a refused file is shown: \(printed)")
    }

    @Test func aLinkInASpecFolderLeadingOutsideIsRefusedByItsPath() throws {
        let folder = try scratchSuite()
        defer { try? FileManager.default.removeItem(at: folder) }
        try link("Specs/delivery/environ.yaml", in: folder, to: "/proc/self/environ")
        try link("Specs/delivery/credentials.yaml", in: folder, to: folder.appendingPathComponent("token.txt").path)
        let specs = folder.appendingPathComponent("Specs").path
        let outcome = try IAMSpecExecutable.run(["lint", specs], environment: Self.secretVariable)
        #expect(outcome.status == 2)
        for name in ["environ.yaml", "credentials.yaml"] {
            #expect(
                outcome.standardError.contains(
                    "\(specs)/delivery/\(name):1:1: error: cannot read '\(specs)/delivery/\(name)': it is a symbolic link to"
                ),
                "\(outcome.standardError)"
            )
        }
        #expect(outcome.standardError.contains("outside '\(specs)' and the repository holding it"))
        expectNothingQuoted(outcome)
    }

    @Test func insideItsRepositoryALinkIsFollowedOnlyToASpecFile() throws {
        let folder = try scratchSuite(isRepository: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A spec file kept elsewhere in the repository, linked into the suite: read as a case file.
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let cases = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("Specs/delivery").path
        ).filter { $0.hasSuffix(".yaml") }.sorted()
        let original = folder.appendingPathComponent("Specs/delivery/\(try #require(cases.first))")
        try FileManager.default.moveItem(at: original, to: shared.appendingPathComponent("kept.yaml"))
        try link("Specs/delivery/\(cases[0])", in: folder, to: "../../shared/kept.yaml")
        let specs = folder.appendingPathComponent("Specs").path
        let clean = try IAMSpecExecutable.run("lint", specs)
        #expect(clean.status == 0, "\(clean.standardError)")
        // The token file is in the repository too, but is no spec file: refused, never read.
        try link("Specs/delivery/credentials.yaml", in: folder, to: "../../token.txt")
        let outcome = try IAMSpecExecutable.run(["lint", specs], environment: Self.secretVariable)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains(
                "cannot read '\(specs)/delivery/credentials.yaml': it is a symbolic link to '"
            ),
            "\(outcome.standardError)"
        )
        #expect(outcome.standardError.contains("a file not named as a spec file; expected a link to a spec file"))
        expectNothingQuoted(outcome)
    }

    @Test func aSpecFileCatalogueAndBaselineNamedOnTheCommandLineAreRefusedWhenTheyLeadOutside() throws {
        let folder = try scratchSuite()
        defer { try? FileManager.default.removeItem(at: folder) }
        try link("environ.yaml", in: folder, to: "/proc/self/environ")
        let given = folder.appendingPathComponent("environ.yaml").path
        let specs = folder.appendingPathComponent("Specs").path
        let spec = try IAMSpecExecutable.run(["lint", given], environment: Self.secretVariable)
        #expect(spec.status == 2)
        #expect(spec.standardError.contains("cannot read '\(given)': it is a symbolic link to '/proc/"))
        expectNothingQuoted(spec)
        let baseline = try IAMSpecExecutable.run(["run", specs, "--baseline", given], environment: Self.secretVariable)
        #expect(baseline.status == 2)
        #expect(baseline.standardError.contains("cannot read '\(given)': it is a symbolic link to '/proc/"))
        expectNothingQuoted(baseline)
        let catalogue = folder.appendingPathComponent("Specs/rules.yaml")
        try FileManager.default.removeItem(at: catalogue)
        try link("Specs/rules.yaml", in: folder, to: "/proc/self/environ")
        let rules = try IAMSpecExecutable.run(["lint", specs], environment: Self.secretVariable)
        #expect(rules.status == 2)
        #expect(rules.standardError.contains("cannot read '\(catalogue.path)': it is a symbolic link to '/proc/"))
        expectNothingQuoted(rules)
    }

    @Test func aSeedCatalogueLinkedOutsideIsRefused() throws {
        let folder = try scratchSuite()
        defer { try? FileManager.default.removeItem(at: folder) }
        try link("Specs/seeds.yaml", in: folder, to: folder.appendingPathComponent("token.txt").path)
        let specs = folder.appendingPathComponent("Specs").path
        let outcome = try IAMSpecExecutable.run(["lint", specs], environment: Self.secretVariable)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("cannot read '\(specs)/seeds.yaml': it is a symbolic link to '"))
        expectNothingQuoted(outcome)
    }

    @Test func aFileThatIsNotTextIsNamedNotShown() throws {
        let folder = try scratchSuite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("Specs/delivery/binary.yaml")
        try Data("- id: x\n  title: \u{0}\(Self.token)\n".utf8).write(to: binary)
        let notUTF8 = folder.appendingPathComponent("Specs/delivery/latin1.yaml")
        try Data([0x2D, 0x20, 0xE9] + Array(" \(Self.token)\n".utf8)).write(to: notUTF8)
        let outcome = try IAMSpecExecutable.run("lint", folder.appendingPathComponent("Specs").path)
        #expect(outcome.status == 2)
        #expect(
            outcome.standardError.contains("\(binary.path):2:10: error: unreadable text"),
            "\(outcome.standardError)"
        )
        #expect(
            outcome.standardError.contains("\(notUTF8.path):1:3: error: unreadable text"),
            "\(outcome.standardError)"
        )
        expectNothingQuoted(outcome)
    }
}
