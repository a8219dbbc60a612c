import IAMSpec
import IAMSpecRunner

/// The field: public engines' results streams, each with where it came from (the adapter, the
/// vendor's code, the iamspec commit and the suite it ran), as the site's field page and each
/// rule's "In the field" show them (`iamspec docs --field`, `Fixtures/field/`).
public struct FieldResults: Sendable {
    /// Where one engine's results stream came from: one line of `provenance.jsonl`.
    public struct Provenance: Sendable, Hashable {
        /// The adapter's folder (`leanplum`), as `../shared/engines` has it.
        public var adapter: String
        /// The vendor's code, in words: `Leanplum Android SDK 5.10.4`.
        public var vendor: String
        /// The vendor's public repository: `Leanplum/Leanplum-Android-SDK`.
        public var repository: String
        /// The commit of that repository the adapter runs.
        public var vendorCommit: String
        /// The iamspec commit that ran the Specs on it.
        public var iamspecCommit: String
        /// The digest of the Specs it ran (`iamspec list --digest`).
        public var specsDigest: String
        /// The results stream's file, in the field's folder.
        public var stream: String

        /// A provenance of these values.
        public init(
            adapter: String,
            vendor: String,
            repository: String,
            vendorCommit: String,
            iamspecCommit: String,
            specsDigest: String,
            stream: String
        ) {
            self.adapter = adapter
            self.vendor = vendor
            self.repository = repository
            self.vendorCommit = vendorCommit
            self.iamspecCommit = iamspecCommit
            self.specsDigest = specsDigest
            self.stream = stream
        }
    }

    /// One public engine: its results and where they came from.
    public struct Engine: Sendable {
        /// Where its results came from.
        public var provenance: Provenance
        /// Its results stream, read.
        public var summary: RunSummary

        /// The engine of these results.
        public init(provenance: Provenance, summary: RunSummary) {
            self.provenance = provenance
            self.summary = summary
        }
    }

    /// The engines, in the provenance's order.
    public var engines: [Engine]
    /// The digest of the Specs the site shows: an engine whose results ran other Specs is marked
    /// as older than them.
    public var specsDigest: String
    /// The vendor code each behaviour of the catalogue cites, by the behaviour's id; a behaviour
    /// that cites none is absent.
    public var citations: [String: String]

    /// The field of these engines, judged against the Specs of `specsDigest`.
    public init(engines: [Engine], specsDigest: String, citations: [String: String] = [:]) {
        self.engines = engines
        self.specsDigest = specsDigest
        self.citations = citations
    }

    /// The provenance lines of `text`, the file at `path`: one JSON object a line, each with the
    /// strings `adapter`, `vendor`, `repository`, `vendor_commit`, `iamspec_commit`,
    /// `specs_digest` and `stream` (a file name, without `/`), adapters distinct; blank lines
    /// are skipped.
    ///
    /// - Throws: ``SiteError`` naming the line and column of the first problem, what was found
    ///   and what was expected.
    public static func provenance(parsing text: String, path: String) throws(SiteError) -> [Provenance] {
        var entries: [Provenance] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy({ $0 == " " || $0 == "\r" || $0 == "\t" }) else { continue }
            let place = "\(path):\(index + 1)"
            let value: JSONValue
            do {
                value = try JSONParser.parse(String(line))
            } catch {
                throw SiteError(at: "\(place):\(error.column)", message: "\(error.message)")
            }
            guard case .object(let object) = value else {
                throw SiteError(
                    at: "\(place):1",
                    message: "found \(value.excerpt), expected an object of the engine's provenance"
                )
            }
            func string(_ key: String) throws(SiteError) -> String {
                guard case .string(let text)? = object[key], !text.isEmpty else {
                    let found = object[key].map { "\($0.excerpt)" } ?? "no \"\(key)\""
                    throw SiteError(
                        at: "\(place):1",
                        message: "found \(found), expected \"\(key)\" a string that is not empty"
                    )
                }
                return text
            }
            let entry = Provenance(
                adapter: try string("adapter"),
                vendor: try string("vendor"),
                repository: try string("repository"),
                vendorCommit: try string("vendor_commit"),
                iamspecCommit: try string("iamspec_commit"),
                specsDigest: try string("specs_digest"),
                stream: try string("stream")
            )
            guard !entry.stream.contains("/"), entry.stream != ".", entry.stream != ".." else {
                throw SiteError(
                    at: "\(place):1",
                    message:
                        "found the stream \(QuotedText.line(entry.stream)), expected a file name in the field's folder"
                )
            }
            guard !entries.contains(where: { $0.adapter == entry.adapter }) else {
                throw SiteError(
                    at: "\(place):1",
                    message: "found the adapter \(QuotedText.line(entry.adapter)) again, expected each once"
                )
            }
            entries.append(entry)
        }
        guard !entries.isEmpty else {
            throw SiteError(at: "\(path):1:1", message: "found no engine, expected a line per engine")
        }
        return entries
    }
}
