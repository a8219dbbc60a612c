/// ANSI styling that is applied only when colour is on.
public struct ConsoleStyle: Sendable, Hashable {
    /// Whether text is wrapped in ANSI colour codes; plain text when false.
    public var usesColor: Bool

    /// A style with colour on or off.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    package func red(_ text: String) -> String { styled(text, "31") }
    package func green(_ text: String) -> String { styled(text, "32") }
    package func yellow(_ text: String) -> String { styled(text, "33") }
    package func bold(_ text: String) -> String { styled(text, "1") }
    package func dim(_ text: String) -> String { styled(text, "2") }

    private func styled(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
