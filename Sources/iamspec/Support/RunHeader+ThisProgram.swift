import IAMSpecRunner

extension RunHeader {
    /// The header of a results stream as this tool's reports of it name the run's program: the
    /// program this process was started as (``RunCommand/program()``), not the one the stream
    /// records, so that a re-run line printed from a stream starts iamspec, whatever the stream
    /// says (a stream is an artefact, possibly of another's job).
    var namingThisProgram: RunHeader {
        var header = self
        header.invocation?.program = RunCommand.program()
        return header
    }
}
