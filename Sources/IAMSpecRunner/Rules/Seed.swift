import IAMSpec

/// One seed document the rule catalogue quotes, as `Specs/seeds.yaml` describes it: the file a
/// quote's `seed` names, the title the document gives itself, its language and the SDK
/// generation it documents, so that a reader is told which document says what.
public struct Seed: Sendable, Hashable {
    /// The seed's file name, as a quote's ``Rule/Quote/seed`` names it.
    public var file: String
    /// The document's own title, in its language (its front matter's `nav_title`, or its heading).
    public var title: String
    /// The document's language, as a BCP 47 code (`en`, `de`, `ja`, `ko`, `pt`).
    public var language: String
    /// The SDK generation the document is about.
    public var profile: Profile
    /// Where the seed is described.
    public var location: SourceLocation

    /// A seed described in code, as the loader makes one from `seeds.yaml`.
    public init(file: String, title: String, language: String, profile: Profile, location: SourceLocation) {
        self.file = file
        self.title = title
        self.language = language
        self.profile = profile
        self.location = location
    }
}

extension Seed {
    /// What a seed's file name must be, in a diagnostic's words.
    static let fileNameSpelling = "the name of a file in the seeds folder (no '/', not '.' or '..')"

    /// Whether `name` names a file in the seeds folder itself: one path component, neither `.`
    /// nor `..`, so that `docs --seeds` reads nothing outside the folder by the name alone (it
    /// also refuses a name that resolves, through a link, outside it).
    static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
            && !name.utf8.contains(0)
    }
}

/// The seed documents of the suite, in the order `seeds.yaml` lists them, found by file name.
public struct SeedCatalogue: Sendable {
    /// Every seed, in file order.
    public var seeds: [Seed]

    /// A catalogue of `seeds`; the first of two seeds with the same file name is the one found.
    public init(seeds: [Seed] = []) {
        self.seeds = seeds
    }

    /// The seed whose file is named `file`, if the catalogue describes it.
    public func seed(_ file: String) -> Seed? {
        seeds.first { $0.file == file }
    }
}
