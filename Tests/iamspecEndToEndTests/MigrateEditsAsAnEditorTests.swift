import Foundation
import Testing

/// `iamspec migrate` edits a user's case file as an editor would: its line breaks and encoding
/// kept, its permissions, owner and links kept, nothing written that would not read as planned,
/// nothing derived from a run that timed out, and a file it may not or must not replace left as
/// it was and named.
@Suite(.serialized) struct MigrateEditsAsAnEditorTests {
    /// The team's stacking cases written for 0.1.0: migrate changes nine places in them.
    static let stacking = IAMSpecExecutable.packageRoot
        .appendingPathComponent("Fixtures/migration/cases-0.1.0/ours/stacking.yaml")

    /// A folder holding the current catalogue and `files` (name to bytes).
    private static func folder(_ files: [String: Data]) throws -> URL {
        let folder = try IAMSpecExecutable.scratchFolder()
        for name in ["rules.yaml", "seeds.yaml"] {
            try FileManager.default.copyItem(
                at: IAMSpecExecutable.packageRoot.appendingPathComponent("Specs").appendingPathComponent(name),
                to: folder.appendingPathComponent(name)
            )
        }
        for (name, bytes) in files { try bytes.write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// The stacking cases as migrate writes them with LF line ends.
    private static func migratedWithLF() throws -> String {
        let folder = try folder(["s.yaml": try Data(contentsOf: stacking)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let migrated = try IAMSpecExecutable.run("migrate", folder.path)
        try #require(migrated.status == 0, "\(migrated.standardError)")
        return try String(contentsOf: folder.appendingPathComponent("s.yaml"), encoding: .utf8)
    }

    private static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func aFileWithLoneCROrCRCRLFLineBreaksIsEditedInPlaceKeepingThem() throws {
        let lf = try Self.text(Self.stacking)
        let expected = try Self.migratedWithLF()
        var doubled = lf.replacingOccurrences(of: "\n", with: "\r\n")
        // One line converted twice: `\r\r\n` is two line breaks to libyaml.
        doubled = doubled.replacingOccurrences(
            of: "cases (written against iamspec 0.1.0).\r\n",
            with: "cases (written against iamspec 0.1.0).\r\r\n"
        )
        let folder = try Self.folder([
            "cr.yaml": Data(lf.replacingOccurrences(of: "\n", with: "\r").utf8),
            "crlf.yaml": Data(doubled.replacingOccurrences(of: "ours-", with: "twice-").utf8),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let migrated = try IAMSpecExecutable.run("migrate", folder.path)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        let cr = try Self.text(folder.appendingPathComponent("cr.yaml"))
        #expect(!cr.contains("\n"))
        #expect(cr.replacingOccurrences(of: "\r", with: "\n") == expected)
        let crlf = try Self.text(folder.appendingPathComponent("crlf.yaml"))
        #expect(crlf.contains("0.1.0).\r\r\n"))
        #expect(
            crlf.replacingOccurrences(of: "\r\r\n", with: "\n\n").replacingOccurrences(of: "\r\n", with: "\n")
                == expected.replacingOccurrences(of: "ours-", with: "twice-")
                .replacingOccurrences(of: "0.1.0).\n", with: "0.1.0).\n\n")
        )
        let linted = try IAMSpecExecutable.run("lint", folder.path)
        #expect(linted.status == 0, "\(linted.standardError)")
    }

    @Test func aUTF16FileIsWrittenBackInItsEncodingAndAUTF8ByteOrderMarkIsKept() throws {
        let lf = try Self.text(Self.stacking)
        let expected = try Self.migratedWithLF()
        func utf16(_ text: String, littleEndian: Bool) -> Data {
            Data(
                (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF])
                    + text.utf16.flatMap { unit -> [UInt8] in
                        let bytes = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                        return littleEndian ? bytes : bytes.reversed()
                    }
            )
        }
        let folder = try Self.folder([
            "le.yaml": utf16(lf.replacingOccurrences(of: "ours-", with: "le-"), littleEndian: true),
            "be.yaml": utf16(lf.replacingOccurrences(of: "ours-", with: "be-"), littleEndian: false),
            "bom.yaml": Data([0xEF, 0xBB, 0xBF] + Array(lf.replacingOccurrences(of: "ours-", with: "bom-").utf8)),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let linted = try IAMSpecExecutable.run("lint", "--no-proof", folder.path)
        #expect(linted.standardError.contains("le.yaml:16:15: error: expected 'rules'"))
        let migrated = try IAMSpecExecutable.run("migrate", folder.path)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        #expect(migrated.lastLine == "27 changes in 3 of 3 files")
        for (name, littleEndian) in [("le", true), ("be", false)] {
            let bytes = try Data(contentsOf: folder.appendingPathComponent("\(name).yaml"))
            let wanted = expected.replacingOccurrences(of: "ours-", with: "\(name)-")
            #expect(bytes == utf16(wanted, littleEndian: littleEndian), "\(name).yaml")
        }
        let bom = try Data(contentsOf: folder.appendingPathComponent("bom.yaml"))
        #expect(bom == Data([0xEF, 0xBB, 0xBF] + Array(expected.replacingOccurrences(of: "ours-", with: "bom-").utf8)))
        #expect(try IAMSpecExecutable.run("lint", folder.path).status == 0)
    }

    @Test func aFileKeepsItsModeAndOwnerAndAReadOnlyFileIsRefusedNotReplaced() throws {
        let lf = try Self.text(Self.stacking)
        let folder = try Self.folder([
            "private.yaml": Data(lf.replacingOccurrences(of: "ours-", with: "private-").utf8),
            "script.yaml": Data(lf.replacingOccurrences(of: "ours-", with: "script-").utf8),
            "locked.yaml": Data(lf.replacingOccurrences(of: "ours-", with: "locked-").utf8),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path("private.yaml"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path("script.yaml"))
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path("locked.yaml"))
        let owner = getuid() == 0 ? (uid: uid_t(1234), gid: gid_t(2345)) : (uid: getuid(), gid: getgid())
        #expect(chown(path("private.yaml"), owner.uid, owner.gid) == 0)
        let locked = try Data(contentsOf: folder.appendingPathComponent("locked.yaml"))

        let migrated = try IAMSpecExecutable.run("migrate", folder.path)
        #expect(migrated.status == 2)
        #expect(
            migrated.standardError.contains(
                "locked.yaml:1:1: error: cannot replace the file: it is read-only (mode 0444); expected a file its "
                    + "owner may write"
            ),
            "\(migrated.standardError)"
        )
        #expect(try Data(contentsOf: folder.appendingPathComponent("locked.yaml")) == locked)
        let attributes = { (name: String) in try FileManager.default.attributesOfItem(atPath: path(name)) }
        #expect((try attributes("locked.yaml")[.posixPermissions] as? Int) == 0o444)
        #expect((try attributes("private.yaml")[.posixPermissions] as? Int) == 0o600)
        #expect((try attributes("script.yaml")[.posixPermissions] as? Int) == 0o755)
        #expect((try attributes("private.yaml")[.ownerAccountID] as? Int) == Int(owner.uid))
        #expect((try attributes("private.yaml")[.groupOwnerAccountID] as? Int) == Int(owner.gid))
        #expect(try Self.text(folder.appendingPathComponent("private.yaml")).contains("rules: [manual.display-next]"))
    }

    @Test func aLinksTargetIsEditedTheLinkKeptAndAHardLinkedFileIsRefused() throws {
        let lf = try Self.text(Self.stacking)
        let expected = try Self.migratedWithLF()
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try Data(lf.utf8).write(to: real.appendingPathComponent("stacking.yml"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("stacking.yaml").path,
            withDestinationPath: "real/stacking.yml"
        )
        let twinText = lf.replacingOccurrences(of: "ours-", with: "twin-")
        try Data(twinText.utf8).write(to: folder.appendingPathComponent("twin.yaml"))
        try FileManager.default.linkItem(
            at: folder.appendingPathComponent("twin.yaml"),
            to: folder.appendingPathComponent("twin.txt")
        )

        let migrated = try IAMSpecExecutable.run("migrate", folder.path)
        #expect(migrated.status == 2)
        #expect(
            migrated.standardError.contains(
                "twin.yaml:1:1: error: cannot replace the file: it has 2 hard links, which replacing it would part from it"
            ),
            "\(migrated.standardError)"
        )
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: folder.appendingPathComponent("stacking.yaml").path
            )
                == "real/stacking.yml"
        )
        #expect(try Self.text(real.appendingPathComponent("stacking.yml")) == expected)
        #expect(try Self.text(folder.appendingPathComponent("twin.yaml")) == twinText)
        let twin = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("twin.txt").path)
        #expect((twin[.referenceCount] as? Int) == 2)
    }

    @Test func anEditThatWouldNotReadAsPlannedLeavesTheFileAndACommentBeforeABraceIsKept() throws {
        let lf = try Self.text(Self.stacking)
        let cartTip = "    - expect: {sequence: [{displayed: cart-tip}]}"
        try #require(lf.contains(cartTip))
        let commented = lf.replacingOccurrences(
            of: cartTip,
            with: "    - expect: {sequence: [{displayed: cart-tip}]  # the cart tip, }\n      }"
        )
        // A tag before a flow mapping: the edit for a block mapping would be made inside it.
        let tagged = lf.replacingOccurrences(
            of: cartTip,
            with: "    - expect: !!map {sequence: [{displayed: cart-tip}]}"
        )
        .replacingOccurrences(of: "ours-", with: "tagged-")
        let folder = try Self.folder(["commented.yaml": Data(commented.utf8), "tagged.yaml": Data(tagged.utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }

        let migrated = try IAMSpecExecutable.run("migrate", folder.path)
        #expect(migrated.status == 2)
        #expect(
            migrated.standardError.contains(
                "tagged.yaml:1:1: error: cannot migrate the file: its text with the changes made would not read as YAML"
            ),
            "\(migrated.standardError)"
        )
        #expect(try Self.text(folder.appendingPathComponent("tagged.yaml")) == tagged)
        #expect(!migrated.standardOutput.contains("tagged.yaml"))
        let edited = try Self.text(folder.appendingPathComponent("commented.yaml"))
        #expect(
            edited.contains(
                "    - expect: {sequence: [{displayed: cart-tip}], rules: [manual.display-next]  # the cart tip, }\n      }"
            ),
            "\(edited)"
        )
        #expect(try IAMSpecExecutable.run("lint", folder.appendingPathComponent("commented.yaml").path).status == 0)
    }

    @Test func aRunThatTimesOutIsAnErrorAndTheFileIsLeftAsItWas() throws {
        let text = try Data(contentsOf: Self.stacking)
        let folder = try Self.folder(["s.yaml": text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let migrated = try IAMSpecExecutable.run("migrate", "--timeout", "0.000001", folder.path)
        #expect(migrated.status == 2)
        #expect(
            migrated.standardError.contains(
                "error: cannot migrate case 'ours-second-message-waits': a run of it overran the timeout while its rules "
                    + "and needs were derived"
            ),
            "\(migrated.standardError)"
        )
        #expect(migrated.standardOutput == "0 changes in 0 of 1 file\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent("s.yaml")) == text)
    }

    @Test func aFIFONamedAsACaseFileIsRefusedAsTheLoaderRefusesOne() throws {
        let folder = try IAMSpecExecutable.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("cases.yaml").path
        try #require(mkfifo(fifo, 0o644) == 0)
        let binary = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        // Bounded: the old migrate waited for a writer that never came.
        let migrated = try IAMSpecExecutable.runInShell("timeout 60 '\(binary)' migrate '\(fifo)'")
        #expect(migrated.status == 2)
        #expect(
            migrated.standardError.contains("cases.yaml:1:1: error: cannot read '\(fifo)': it is a FIFO"),
            "\(migrated.standardError)"
        )
    }

    @Test func anExpectationSharedThroughAnAliasIsWrittenOutWhereEachStepNamesItsRules() throws {
        let shared = """
            # Two cases sharing an expectation.
            - id: ours-one
              title: One
              rules: [interval.default-30-seconds, interval.dropped-not-queued]
              x-drop: &drop {sequence: [], stack: []}
              requires: [minimum-interval]
              given:
                messages:
                  - {id: first, triggers: [{custom_event: a}]}
                  - {id: second, triggers: [{custom_event: b}]}
              steps:
                - session_start
                - custom_event: a
                - expect: {sequence: [{displayed: first}], rules: [interval.default-30-seconds]}
                - dismiss: first
                - advance: 10
                - custom_event: b
                - expect: *drop
            - id: ours-two
              title: Two
              rules: [interval.default-30-seconds, interval.dropped-not-queued]
              requires: [minimum-interval]
              given:
                messages:
                  - {id: first, triggers: [{custom_event: a}]}
                  - {id: second, triggers: [{custom_event: b}]}
              steps:
                - session_start
                - custom_event: a
                - expect: {sequence: [{displayed: first}], rules: [interval.default-30-seconds]}
                - dismiss: first
                - advance: 12
                - custom_event: b
                - expect: *drop

            """
        let folder = try Self.folder(["shared.yaml": Data(shared.utf8)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let migrated = try IAMSpecExecutable.run("migrate", folder.path)
        #expect(migrated.status == 0, "\(migrated.standardError)")
        #expect(
            migrated.standardOutput.contains(
                "shared.yaml:18:7: changed: wrote out the expectation the step shared through an alias, to name its own "
                    + "rules: added `rules: [interval.default-30-seconds]`"
            ),
            "\(migrated.standardOutput)"
        )
        let edited = try Self.text(folder.appendingPathComponent("shared.yaml"))
        #expect(
            edited.components(
                separatedBy: "    - expect: {sequence: [], stack: [], rules: [interval.default-30-seconds]}\n"
            )
            .count == 3,
            "\(edited)"
        )
        #expect(edited.contains("  x-drop: &drop {sequence: [], stack: []}\n"))
        let linted = try IAMSpecExecutable.run("lint", folder.path)
        #expect(linted.status == 0, "\(linted.standardError)")
    }

    @Test func twoMigratesOfOneFolderAtOnceLeaveEveryFileWholeAndMigratedOnce() throws {
        let fixture = IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/migration/cases-0.1.0/ours")
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path) where name.hasSuffix(".yaml") {
            files[name] = try Data(contentsOf: fixture.appendingPathComponent(name))
        }
        let serial = try Self.folder(files)
        let raced = try Self.folder(files)
        defer {
            try? FileManager.default.removeItem(at: serial)
            try? FileManager.default.removeItem(at: raced)
        }
        #expect(try IAMSpecExecutable.run("migrate", serial.path).status == 0)
        let binary = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        let both = try IAMSpecExecutable.runInShell(
            "'\(binary)' migrate '\(raced.path)' >/dev/null 2>'\(raced.path)/.a'; echo $? >'\(raced.path)/.sa' & "
                + "'\(binary)' migrate '\(raced.path)' >/dev/null 2>'\(raced.path)/.b'; echo $? >'\(raced.path)/.sb' & wait"
        )
        #expect(both.status == 0)
        for name in files.keys {
            #expect(
                try Data(contentsOf: raced.appendingPathComponent(name))
                    == Data(contentsOf: serial.appendingPathComponent(name)),
                "\(name)"
            )
        }
        for run in ["a", "b"] {
            let status = try Self.text(raced.appendingPathComponent(".s\(run)"))
            let errors = try Self.text(raced.appendingPathComponent(".\(run)"))
            // A migrate finding a file the other replaced leaves it and names it.
            #expect(status == "0\n" || errors.contains("it changed since `iamspec migrate` read it"), "\(errors)")
        }
        #expect(try IAMSpecExecutable.run("lint", raced.path).status == 0)
    }

    /// A file another process writes while `migrate` waits for the folder's lock (held here, as a
    /// second `migrate` holds it while it replaces a file) is left with what that process wrote,
    /// and named; the other files are migrated.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/locks")))
    func aFileWrittenWhileMigrateWaitsForTheFoldersLockIsLeftAndNamed() throws {
        let fixture = IAMSpecExecutable.packageRoot.appendingPathComponent("Fixtures/migration/cases-0.1.0/ours")
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.path) where name.hasSuffix(".yaml") {
            files[name] = try Data(contentsOf: fixture.appendingPathComponent(name))
        }
        let serial = try Self.folder(files)
        let folder = try Self.folder(files)
        defer {
            try? FileManager.default.removeItem(at: serial)
            try? FileManager.default.removeItem(at: folder)
        }
        #expect(try IAMSpecExecutable.run("migrate", serial.path).status == 0)
        let binary = IAMSpecExecutable.productsDirectory.appendingPathComponent("iamspec").path
        // The lock held on descriptor 9; migrate waiting for it shows in /proc/locks as a blocked
        // `flock` of its process (`-> FLOCK ... WRITE PID`), waited for at most two minutes.
        let script = """
            dir='\(folder.path)'
            exec 9<"$dir"
            flock -x 9
            '\(binary)' migrate "$dir" >"$dir/.out" 2>"$dir/.err" 9<&- &
            pid=$!
            tries=0
            until grep -q -- "-> FLOCK  ADVISORY  WRITE $pid " /proc/locks; do
              tries=$((tries + 1))
              if [ "$tries" -gt 1200 ] || ! kill -0 "$pid" 2>/dev/null; then echo 'never waited'; kill "$pid"; exit 3; fi
              sleep 0.1
            done
            printf '# written meanwhile\n' >>"$dir/analytics.yaml"
            flock -u 9
            wait "$pid"
            echo "status $?"
            """
        let outcome = try IAMSpecExecutable.runInShell(script)
        #expect(outcome.standardOutput == "status 2\n", "\(outcome.standardOutput)\(outcome.standardError)")
        let errors = try Self.text(folder.appendingPathComponent(".err"))
        #expect(
            errors.contains(
                "analytics.yaml:1:1: error: cannot replace the file: it changed since `iamspec migrate` read it"
            ),
            "\(errors)"
        )
        let original = try #require(files["analytics.yaml"])
        #expect(
            try Data(contentsOf: folder.appendingPathComponent("analytics.yaml"))
                == original + Data("# written meanwhile\n".utf8)
        )
        for name in files.keys where name != "analytics.yaml" {
            #expect(
                try Data(contentsOf: folder.appendingPathComponent(name))
                    == Data(contentsOf: serial.appendingPathComponent(name)),
                "\(name)"
            )
        }
    }
}
