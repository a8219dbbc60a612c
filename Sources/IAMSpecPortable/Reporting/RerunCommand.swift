import IAMSpec

/// How to run one case run again, for failure reports.
///
/// After `iamspec run`, a command line with every option that changes the verdict, shell-quoted:
/// `iamspec run <suite paths> --filter <id> --profile <profile>`, then the engine command,
/// `--validate-protocol`, a timeout other than 30 s, the baseline, `--allow-unexpected-pass` and
/// `--repeat`,
/// as the header's ``RunInvocation`` records them, each path as it was given, and the results
/// stream of the whole run as `--whole-run` where the report knows one
/// (``RunInvocation/wholeRun``), so that the case run alone is named against the whole run's
/// passes, not its own alone; after an engine
/// command, a shell comment saying that the environment the engine inherited is not carried
/// (``environmentNotCarried``). An engine command a results stream recorded
/// (``RunInvocation/isRecorded``: `report`, `explain` and `docs` read it from a file, which may be
/// another's) is never written to be run: the line names it `"$ENGINE"`, for the user to set to
/// the engine they test, and a shell comment after it shows the recorded command as data
/// (``recordedEngineComment(_:)``); only the command this process was given is written in full
/// (those commands also start the line with their own program, not the stream's). A path
/// beginning with `-` is written `./-...` (``argumentPath(_:)``), never read as an option. It
/// runs from the
/// directory the run was started in (in CI, the repository's root), and names no path of the
/// machine that made the run, so a published report holds none (a working directory an older
/// stream recorded is not shown). After a library
/// run (no invocation), the options to give `ConformanceRun` instead, as Swift that compiles:
/// a command line would test another engine. After a portable run (``RunExecutor/portable``),
/// the test of the run, in the app's own test bundle.
package enum RerunCommand {
    /// The line that runs one case run again; with `engineVariable`, the engine command is
    /// written as that shell variable (`"$ENGINE"`), for a table whose page sets it once
    /// (``engineAssignment(_:variable:)``).
    package static func text(for result: CaseResult, header: RunHeader, engineVariable: String? = nil) -> String {
        text(caseID: result.caseID, profiles: [result.profile], header: header, engineVariable: engineVariable)
    }

    /// The line that runs `run` again, as `text(for:header:engineVariable:)` writes a result's.
    package static func text(
        for run: ExplainedBehaviour.Run,
        header: RunHeader,
        engineVariable: String? = nil
    ) -> String {
        text(caseID: run.caseID, profiles: [run.profile], header: header, engineVariable: engineVariable)
    }

    /// The engine commands longer than this many characters are shortened in tables
    /// (``shortensEngineCommand(_:)``).
    package static let engineCommandLimit = 40

    /// Whether the run's engine command is long enough that a table's re-run lines name it by a
    /// variable, set once above the table, rather than wrapping over many lines in each cell.
    package static func shortensEngineCommand(_ header: RunHeader) -> Bool {
        guard header.executor != .portable, let command = header.invocation?.engineCommand else { return false }
        return shellQuoted(command).count > engineCommandLimit
    }

    /// `ENGINE='./my-engine --stdio ...' # not carried: ...`: the line that sets `variable` to the
    /// run's engine command, shell-quoted, for the re-run lines that name it, with what the line
    /// cannot carry (``environmentNotCarried``); nil without one, or when a results stream recorded
    /// it (``recordedEngineCommand(_:)``), which no line to paste carries.
    package static func engineAssignment(_ header: RunHeader, variable: String = "ENGINE") -> String? {
        guard let invocation = header.invocation, !invocation.isRecorded else { return nil }
        return invocation.engineCommand.map { "\(variable)=\(shellQuoted($0)) \(environmentNotCarried)" }
    }

    /// The engine command a results stream recorded (``RunInvocation/isRecorded``), which the
    /// re-run lines name `"$ENGINE"`: to be shown as data, never in a line to paste; nil for the
    /// reference engine, a portable run, or the command this process was given.
    package static func recordedEngineCommand(_ header: RunHeader) -> String? {
        guard header.executor != .portable, let invocation = header.invocation, invocation.isRecorded else {
            return nil
        }
        return invocation.engineCommand
    }

    /// The line that runs a case again in these profiles.
    package static func text(
        caseID: String,
        profiles: [Profile],
        header: RunHeader,
        engineVariable: String? = nil
    ) -> String {
        if header.executor == .portable {
            let runs = profiles.map { "`\(caseID) [\($0.rawValue)]`" }.joined(separator: " and ")
            return "in the app's test bundle, the test of the run\(profiles.count == 1 ? "" : "s") \(runs) again"
        }
        guard let invocation = header.invocation else {
            return "through the library, the same ConformanceRun with "
                + libraryOptions(caseID: caseID, profiles: profiles)
        }
        var words = [invocation.program, "run"] + header.suitePaths.map(argumentPath)
        words += ["--filter", GlobPattern.exactly(caseID).pattern]
        words += profiles.flatMap { ["--profile", $0.rawValue] }
        var quoted = words.map(shellQuoted)
        // A recorded command is never written to be run: the line names the variable the user sets.
        let variable = engineVariable ?? (invocation.isRecorded ? "ENGINE" : nil)
        if let command = invocation.engineCommand {
            quoted += ["--engine-command", variable.map { "\"$\($0)\"" } ?? shellQuoted(command)]
        }
        words = []
        if invocation.validatesProtocol { words.append("--validate-protocol") }
        if header.timeoutMilliseconds != defaultTimeoutMilliseconds {
            words += ["--timeout", seconds(header.timeoutMilliseconds)]
        }
        if let baseline = invocation.baseline { words += ["--baseline", argumentPath(baseline)] }
        if invocation.allowsUnexpectedPass { words.append("--allow-unexpected-pass") }
        if let repeats = invocation.repeats, repeats > 1 { words += ["--repeat", String(repeats)] }
        if let wholeRun = invocation.wholeRun { words += ["--whole-run", argumentPath(wholeRun)] }
        let command = (quoted + words.map(shellQuoted)).joined(separator: " ")
        // Named by a variable of the page's, the command is shown on a line of its own, which says it.
        guard let engine = invocation.engineCommand, engineVariable == nil else { return command }
        return command + " " + (invocation.isRecorded ? recordedEngineComment(engine) : environmentNotCarried)
    }

    /// What a re-run line naming a recorded engine command `"$ENGINE"` says after it, as a shell
    /// comment: that the variable is the user's to set, and the command the results stream
    /// records, as data (``QuotedText/line(_:)``: one line, so the comment holds all of it).
    package static func recordedEngineComment(_ command: String) -> String {
        "# ENGINE: the engine command to test, yours to set; the results stream records, as data: "
            + QuotedText.line(command)
    }

    /// What an engine command's re-run line says after the command, as a shell comment (the line
    /// runs as printed): the engine inherits the environment iamspec ran in, which no option of
    /// iamspec records, so the line cannot carry it; variables written in the engine command
    /// itself (`FLAG=1 ./engine`) are carried with it.
    package static let environmentNotCarried =
        "# not carried: the environment the engine command inherited (set its variables as in the run)"

    /// The `RunOptions` that select exactly this case in these profiles, as a Swift expression:
    /// `RunOptions(selection: RunSelection(filters: [.exactly("id")], profiles: [.brazeSwift]))`.
    package static func libraryOptions(caseID: String, profiles: [Profile]) -> String {
        let names = profiles.map { profile in
            switch profile {
            case .brazeSwift: ".brazeSwift"
            case .appboyLegacy: ".appboyLegacy"
            }
        }
        return "RunOptions(selection: RunSelection(filters: [.exactly(\(swiftStringLiteral(caseID)))], "
            + "profiles: [\(names.joined(separator: ", "))]))"
    }

    /// The text as a Swift string literal that reads back as it: in double quotes, with `\`
    /// and `"` escaped, and every control, format, line-separating or non-character as `\u{...}`.
    package static func swiftStringLiteral(_ text: String) -> String {
        QuotedText.doubleQuoted(text) {
            isUnprintable($0) ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : nil
        }
    }

    /// A path as an argument of the line: one beginning with `-` as `./-...`, the same file, so that
    /// it is read as a path, never as an option (a stream's suite path `--engine-command=...` would
    /// otherwise set the engine command).
    package static func argumentPath(_ path: String) -> String {
        path.hasPrefix("-") ? "./" + path : path
    }

    /// `iamspec run`'s default `--timeout`.
    package static let defaultTimeoutMilliseconds: Int64 = 30_000

    /// Milliseconds as `--timeout` reads them: `2.5`, `30`.
    private static func seconds(_ milliseconds: Int64) -> String {
        let whole = milliseconds / 1000
        let fraction = milliseconds % 1000
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        return "\(whole).\(digits.reversed().drop { $0 == "0" }.reversed().map(String.init).joined())"
    }

    /// The word as a shell reads it back: bare when it holds only safe characters, otherwise in
    /// single quotes; a word with a character a report must not show as it is (a control,
    /// format, line-separating or non-character, as ``swiftStringLiteral(_:)`` escapes) or a `##` (a
    /// CI log command's start, see `QuotedText`) in bash's `$'...'`, such characters and `#` as
    /// their UTF-8 bytes (`\x1b`), so that the line stays one printable line that runs the same.
    package static func shellQuoted(_ word: String) -> String {
        // An ASCII letter, digit or one of these marks (a byte past ASCII is none of them): byte
        // ranges, not the Unicode properties, which cost a table look-up a character.
        let safe = word.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default: "-_./=:,+@%".utf8.contains(byte)
            }
        }
        guard !safe || word.isEmpty else { return word }
        guard word.unicodeScalars.contains(where: isUnprintable) || word.contains("##") else {
            return "'" + word.replacing("'", with: "'\\''") + "'"
        }
        var quoted = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "'": quoted += "\\'"
            case "#": quoted += "\\x23"
            case _ where isUnprintable(scalar):
                quoted += String(scalar).utf8.map { "\\x" + ($0 < 0x10 ? "0" : "") + String($0, radix: 16) }.joined()
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }

    /// A control, format or line-separating character, or any other that ``QuotedText`` shows
    /// escaped (the non-characters U+FFFE and U+FFFF): escaped in the literals this writes.
    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: QuotedText.visibleForm(of: scalar) != nil
        }
    }
}
