import IAMSpec
import IAMSpecRunner
import IAMSpecStdio

/// Why a command stops without doing its work: the text for standard error and the exit
/// status. A command throws it and prints nothing; ``IAMSpecCommand/main()`` prints the text
/// once and exits with the status.
struct CommandFailure: Error {
    /// What went wrong, as printed: one or more lines, without a final newline.
    var message: String
    var exitStatus: Int32

    /// A usage, configuration or spec error: exit status 2.
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message: message, exitStatus: ExitStatus.usage)
    }

    /// Problems in files read, each as `path:line:col: error: ...` with its source line and a
    /// caret, then their count: exit status 2.
    static func diagnostics(_ diagnostics: [Diagnostic]) -> CommandFailure {
        usage(DiagnosticRenderer.render(diagnostics) + "\(diagnostics.count) error\(diagnostics.count == 1 ? "" : "s")")
    }

    /// An engine program that cannot start or stopped speaking the protocol, with what it wrote
    /// on stderr, each line after `| `, all as `QuotedText` shows an engine's text: a
    /// configuration error, exit status 2.
    static func engineStartup(_ error: EngineError) -> CommandFailure {
        let stderr = error.diagnostics.isEmpty ? [] : QuotedText.lines(error.diagnostics, after: "| ")
        return usage((["error: \(QuotedText.line(error.message))"] + stderr).joined(separator: "\n"))
    }
}
