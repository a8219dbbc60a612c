import ArgumentParser

/// The help of the options `run` and `run-compiled` both take, written once.
extension ArgumentHelp {
    /// `--json FILE`: the results stream.
    static var resultsStream: ArgumentHelp {
        ArgumentHelp("Write the results stream (line-delimited JSON) to this file.", valueName: "file")
    }

    /// `--engine-command COMMAND`: a program speaking the stdio protocol.
    static var engineCommand: ArgumentHelp {
        ArgumentHelp(
            "Run the cases against a program speaking the stdio protocol (Specs/PROTOCOL.md), started with /bin/sh -c.",
            valueName: "command"
        )
    }

    /// `--color WHEN`.
    static var color: ArgumentHelp {
        "Colour the output: auto (on a terminal, unless NO_COLOR is set), always or never."
    }
}
