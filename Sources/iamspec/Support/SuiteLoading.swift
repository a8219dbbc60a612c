import IAMSpecRunner

/// Loads the spec paths for a command; any problem in them is a usage error (exit status 2).
enum SuiteLoading {
    static func load(_ paths: [String]) throws(CommandFailure) -> LoadedSuite {
        let suite = SuiteLoader.load(paths: paths)
        guard suite.diagnostics.isEmpty else {
            throw .diagnostics(suite.diagnostics)
        }
        return suite
    }
}
