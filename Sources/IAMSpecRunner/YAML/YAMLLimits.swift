/// Bounds that turn hostile YAML into a diagnostic instead of a crash, a hang or memory without
/// end. `Specs/README.md` ("YAML version and parser limits") documents each and why.
struct YAMLLimits: Sendable {
    /// The deepest nesting of lists and mappings allowed.
    var maximumDepth: Int
    /// The most nodes a file may materialise, counting each alias as the whole subtree it stands for.
    var maximumNodes: Int
    /// The largest file read, in bytes: a larger one is refused before it is read.
    var maximumFileBytes: Int
    /// The longest document of a file, in bytes of the file (from its first token to its last).
    var maximumDocumentBytes: Int
    /// The longest scalar, in bytes of its text (after escapes and folding).
    var maximumScalarBytes: Int

    static let standard = YAMLLimits(
        maximumDepth: 200,
        maximumNodes: 1_000_000,
        maximumFileBytes: 16 * mebibyte,
        maximumDocumentBytes: 4 * mebibyte,
        maximumScalarBytes: mebibyte
    )

    private static let mebibyte = 1 << 20

    /// `16 MiB (16777216 bytes)`: a limit as its diagnostics say it.
    static func describe(bytes: Int) -> String {
        bytes % mebibyte == 0 ? "\(bytes / mebibyte) MiB (\(bytes) bytes)" : "\(bytes) bytes"
    }
}
