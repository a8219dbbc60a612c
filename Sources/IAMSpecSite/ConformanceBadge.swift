import IAMSpecRunner

/// A shields-style SVG badge of an engine's conformance: its name on grey, then the percentage
/// of supported runs that passed, with the errors and skipped runs written beside it when there
/// are any, on a colour that says which (``color(_:)``). Hand-written SVG, no fonts or links to
/// fetch.
package enum ConformanceBadge {
    /// The badge's label: `<engine> conformance`.
    package static func label(engine: String) -> String {
        "\(engine) conformance"
    }

    /// The SVG document, ending with a newline; the engine's name as ``QuotedText`` shows it, so
    /// the badge is well-formed XML whatever the name holds.
    package static func svg(engine: String, conformance: Conformance) -> String {
        let label = QuotedText.line(label(engine: engine))
        let value = conformance.badgeText
        let labelWidth = textWidth(label) + 10
        let valueWidth = textWidth(value) + 10
        let width = labelWidth + valueWidth
        let title = "\(label): \(value) (\(conformance.detailText))"
        let font = "font-family=\"Verdana,Geneva,DejaVu Sans,sans-serif\" font-size=\"11\""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="20" role="img" aria-label="\(QuotedText.xml(title))">
            <title>\(QuotedText.xml(title))</title>
            <linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
            <clipPath id="r"><rect width="\(width)" height="20" rx="3" fill="#fff"/></clipPath>
            <g clip-path="url(#r)"><rect width="\(labelWidth)" height="20" fill="#555"/><rect x="\(labelWidth)" width="\(valueWidth)" height="20" fill="\(color(conformance))"/><rect width="\(width)" height="20" fill="url(#s)"/></g>
            <g fill="#fff" text-anchor="middle" \(font)>
            <text x="\(half(labelWidth))" y="15" fill="#010101" fill-opacity=".3">\(QuotedText.xml(label))</text>
            <text x="\(half(labelWidth))" y="14">\(QuotedText.xml(label))</text>
            <text x="\(half(labelWidth * 2 + valueWidth))" y="15" fill="#010101" fill-opacity=".3">\(QuotedText.xml(value))</text>
            <text x="\(half(labelWidth * 2 + valueWidth))" y="14">\(QuotedText.xml(value))</text>
            </g>
            </svg>

            """
    }

    /// Grey when nothing ran (no run, or every run skipped); red when any run failed or errored,
    /// however few, unless the run is green by its baseline, which its text says beside the raw
    /// figures (``Conformance/badgeText``); yellow when none did but some were skipped; green only
    /// when every run passed.
    static func color(_ conformance: Conformance) -> String {
        if conformance.supported == 0 { return grey }
        if conformance.passesByBaseline { return green }
        if conformance.failed > 0 || conformance.errored > 0 { return red }
        return conformance.skipped > 0 ? yellow : green
    }

    /// Every run passed.
    static let green = "#4c1"
    /// No run failed or errored, and some were skipped.
    static let yellow = "#dfb317"
    /// A run failed or errored.
    static let red = "#e05d44"
    /// Nothing ran.
    static let grey = "#9f9f9f"

    /// An estimate of the text's width in pixels in 11 px Verdana, rounded up.
    static func textWidth(_ text: String) -> Int {
        var tenths = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "i", "j", "l", "I", ".", ",", ":", ";", "'", "!", "|": tenths += 35
            case " ", "f", "t", "r", "(", ")", "[", "]", "-": tenths += 45
            case "m", "w", "M", "W", "%", "@": tenths += 110
            case "A"..."Z", "0"..."9": tenths += 75
            default: tenths += scalar.isASCII ? 68 : 110
            }
        }
        return (tenths + 9) / 10
    }

    /// Half of a width, written with at most one decimal: `40`, `40.5`.
    private static func half(_ width: Int) -> String {
        width % 2 == 0 ? "\(width / 2)" : "\(width / 2).5"
    }
}
