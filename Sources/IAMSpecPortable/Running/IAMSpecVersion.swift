import IAMSpec

/// The version of iamspec, as reports and `iamspec --version` show it.
///
/// A release is a commit (this repository has no tags): the release commit sets ``isRelease``,
/// and the commit after it, which moves the documents' pins to the release, clears it again, so
/// that every later build says it is not the release it follows (`0.5.0+dev`). CONTRIBUTING.md,
/// "Making a release", gives the steps; the values are written once, in the core
/// (`IAMSpecRelease`), so that the reference engine carries them too.
public enum IAMSpecVersion {
    /// The last release at or before this build.
    public static let release = IAMSpecRelease.number

    /// Whether this build is the release's own commit.
    public static let isRelease = IAMSpecRelease.isRelease

    /// The version of this build, as `iamspec --version`, results streams, JUnit reports,
    /// summaries, compiled suites and the site show it: ``release``, or `release+dev` for a build
    /// made after it.
    public static let current = IAMSpecRelease.version
}
