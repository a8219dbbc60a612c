/// When console output is coloured: the `--color` option.
public enum ColorMode: String, Sendable, Hashable, CaseIterable {
    /// Colour when the output is a terminal and the `NO_COLOR` environment variable is unset or empty.
    case auto
    /// Always colour, even into a pipe or with `NO_COLOR` set.
    case always
    /// Never colour.
    case never

    /// Whether to colour output going to a terminal (or not), in this environment.
    public func usesColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}
