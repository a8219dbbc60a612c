/// File names made from free-form names (an engine's, a rule area's), distinct and bounded.
///
/// A name becomes its slug: lower-case ASCII letters and digits, every other run of characters
/// one `-` (`Engine A` gives `engine-a`). A slug longer than ``maximumLength``, or one that two
/// names share (`Engine A` and `engine-a`), is cut short and ends with `-` and ``hashLength``
/// hexadecimal digits of a hash of the whole name (FNV-1a, the same on every machine and run),
/// so each name gets a file of its own whatever the file system's limit on a name, and whether
/// or not it tells upper from lower case. In the unlikely case that two of these still agree,
/// the later name also gets `-2`, `-3`, .... The same names, in the same order, always give the
/// same file names.
package enum DerivedFileNames {
    /// The most characters (ASCII, so bytes too) of a file name made, before any extension.
    package static let maximumLength = 64

    /// How many hexadecimal digits of the name's hash a shortened or shared slug ends with.
    package static let hashLength = 8

    /// A distinct file name, without extension, for each of `names`, in their order; equal
    /// names get distinct file names too.
    ///
    /// - Parameter fallback: the slug of a name with no ASCII letter or digit (e.g. `engine`).
    package static func fileNames(for names: [String], fallback: String) -> [String] {
        let slugs = names.map { slug($0, fallback: fallback) }
        var slugCounts: [String: Int] = [:]
        for slug in slugs { slugCounts[slug, default: 0] += 1 }
        let candidates = zip(names, slugs).map { name, slug in
            slug.count > maximumLength || slugCounts[slug, default: 0] > 1
                ? ending(slug, with: hash(of: name)) : slug
        }
        var taken = Set<String>()
        var fileNames: [String] = []
        for candidate in candidates {
            var fileName = candidate
            var counter = 1
            while taken.contains(fileName) {
                counter += 1
                fileName = ending(candidate, with: String(counter))
            }
            taken.insert(fileName)
            fileNames.append(fileName)
        }
        return fileNames
    }

    /// Lower-case ASCII letters and digits, each other run of characters a `-`, none at either end.
    private static func slug(_ name: String, fallback: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty && !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? fallback : slug
    }

    /// `slug` cut short enough that `-suffix` fits within ``maximumLength``, then `-suffix`.
    private static func ending(_ slug: String, with suffix: String) -> String {
        var kept = String(slug.prefix(maximumLength - suffix.count - 1))
        while kept.hasSuffix("-") { kept.removeLast() }
        return kept.isEmpty ? suffix : "\(kept)-\(suffix)"
    }

    /// The low ``hashLength`` hexadecimal digits of the 64-bit FNV-1a hash of the name's UTF-8.
    package static func hash(of name: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        let padded = String(repeating: "0", count: max(0, 16 - digits.count)) + digits
        return String(padded.suffix(hashLength))
    }
}
