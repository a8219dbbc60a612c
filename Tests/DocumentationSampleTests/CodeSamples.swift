import Foundation

/// The Swift samples of a Markdown article, and where each is found in a Swift file that compiles.
///
/// A sample is the text of a fenced block opened by a line that is exactly `` ```swift `` and
/// closed by a line that is exactly `` ``` ``. It is *found* in a Swift file when its lines are
/// consecutive lines of the file, each with the same indentation added in front (the code around
/// a sample in the file, a function or a type, indents it), blank lines matching blank lines.
struct CodeSamples {
    /// One sample: its lines, and the line of the article its code starts on (from 1).
    struct Sample {
        var lines: [Substring]
        var line: Int
    }

    /// The article's Swift samples, in order.
    let samples: [Sample]

    /// The Swift samples of the Markdown text.
    init(markdown: String) {
        var samples: [Sample] = []
        var open: Sample?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if open == nil, line == "```swift" {
                open = Sample(lines: [], line: index + 2)
            } else if let sample = open, line == "```" {
                samples.append(sample)
                open = nil
            } else {
                open?.lines.append(line)
            }
        }
        self.samples = samples
    }

    /// The samples not found in the Swift source.
    func missing(from swiftSource: String) -> [Sample] {
        let source = swiftSource.split(separator: "\n", omittingEmptySubsequences: false)
        return samples.filter { !Self.isFound($0.lines, in: source) }
    }

    private static func isFound(_ sample: [Substring], in source: [Substring]) -> Bool {
        guard let first = sample.first, !first.isEmpty, sample.count <= source.count else { return false }
        for start in 0...(source.count - sample.count) where source[start].hasSuffix(first) {
            let indentation = source[start].dropLast(first.count)
            guard indentation.allSatisfy({ $0 == " " }) else { continue }
            let matches = zip(sample, source[start...]).allSatisfy { wanted, found in
                wanted.isEmpty ? found.isEmpty : found == indentation + wanted
            }
            if matches { return true }
        }
        return false
    }
}
