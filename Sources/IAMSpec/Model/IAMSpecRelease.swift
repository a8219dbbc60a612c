/// The release of iamspec this build is, or follows: the one place it is written, in the core so
/// that every module carries it without importing another (the reference engine's description,
/// which may import the core alone, does). `IAMSpecPortable`'s public `IAMSpecVersion` shows it.
///
/// A release is a commit (this repository has no tags): the release commit sets `isRelease`,
/// and the commit after it, which moves the documents' pins to the release, clears it again, so
/// that every later build says it is not the release it follows (`0.5.0+dev`). CONTRIBUTING.md,
/// "Making a release", gives the steps.
package enum IAMSpecRelease {
    /// The last release at or before this build.
    package static let number = "0.7.0"

    /// Whether this build is the release's own commit.
    package static let isRelease = false

    /// The version of this build: `number`, or `number+dev` for a build made after it.
    package static let version = isRelease ? number : number + "+dev"
}
