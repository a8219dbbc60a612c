/// The command line that runs one case run again, for failure reports:
/// `iamspec run <file> --filter <id> --profile <profile>`.
package enum RerunCommand {
    package static func text(for result: CaseResult) -> String {
        ["iamspec", "run", result.location.file, "--filter", result.caseID, "--profile", result.profile.rawValue]
            .map(shellQuoted)
            .joined(separator: " ")
    }

    /// The word as a POSIX shell reads it back: bare when it holds only safe characters,
    /// otherwise in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || "-_./=:,+@%".unicodeScalars.contains(scalar))
        }
        guard !safe || word.isEmpty else { return word }
        return "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
