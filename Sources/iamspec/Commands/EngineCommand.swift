import ArgumentParser
import IAMSpec
import IAMSpecReferenceEngine
import IAMSpecStdio

/// `iamspec engine --stdio`: the reference engine served over the stdio protocol
/// (`Specs/PROTOCOL.md`) on stdin and stdout, until `shutdown` or the end of stdin.
///
/// `iamspec run --engine-command "iamspec engine --stdio"` runs the suite across the protocol
/// against the reference engine, which checks the protocol itself; and it is the server side an
/// engine author can compare an adapter with.
struct EngineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Serve the reference engine over the stdio protocol (Specs/PROTOCOL.md).",
        discussion: """
            Reads one JSON request per line on stdin and answers each with one JSON line on stdout; \
            diagnostics go to stderr. Exits on `shutdown` or at the end of stdin.
            """
    )

    @Flag(name: .long, help: "Speak the stdio protocol on stdin and stdout.")
    var stdio = false

    func validate() throws {
        guard stdio else {
            throw ValidationError("`iamspec engine` serves the engine over the stdio protocol only: pass --stdio")
        }
    }

    func run() throws {
        StdioEngineServer(provider: ReferenceEngineProvider()).serve()
    }
}
