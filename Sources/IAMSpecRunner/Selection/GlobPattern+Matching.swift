import IAMSpecPlatform

extension GlobPattern {
    /// Whether the whole of `text` matches the pattern.
    public func matches(_ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }
}
