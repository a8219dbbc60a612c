import IAMSpec
import IAMSpecReferenceEngine

extension RunCommand {
    /// The engine under test: the one place `iamspec run` picks it.
    ///
    /// Today it is always the in-process reference engine. An engine reached another way (for
    /// example a child process speaking the stdio protocol, chosen by `--engine-command`) is
    /// added here, with its options declared on ``RunCommand``.
    func makeEngineProvider() -> any EngineProvider {
        ReferenceEngineProvider()
    }
}
