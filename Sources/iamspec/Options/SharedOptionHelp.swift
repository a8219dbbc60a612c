import ArgumentParser

/// The help of the options `run` and `run-compiled` both take, written once.
extension ArgumentHelp {
    /// `--json FILE`: the results stream.
    static var resultsStream: ArgumentHelp {
        ArgumentHelp("Write the results stream (JSON lines) to this file.", valueName: "file")
    }

    /// `--engine-command COMMAND`: a program speaking the stdio protocol.
    static var engineCommand: ArgumentHelp {
        ArgumentHelp(
            "Run against this stdio-protocol program (sh -c).",
            valueName: "command"
        )
    }

    /// `--color WHEN`.
    static var color: ArgumentHelp {
        "Colour the output."
    }
}
