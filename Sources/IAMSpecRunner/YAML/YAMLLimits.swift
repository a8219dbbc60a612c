/// Bounds that turn hostile YAML into a diagnostic instead of a crash or a hang.
struct YAMLLimits: Sendable {
    /// The deepest nesting of lists and mappings allowed.
    var maximumDepth: Int
    /// The most nodes a file may materialise, counting each alias as the whole subtree it stands for.
    var maximumNodes: Int

    static let standard = YAMLLimits(maximumDepth: 200, maximumNodes: 1_000_000)
}
