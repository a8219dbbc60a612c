/// The documents composed from one YAML file, and the problems found while reading it.
struct YAMLComposition: Sendable {
    /// The root node of each complete document, in file order.
    var documents: [YAMLNode]
    var diagnostics: [Diagnostic]
}
