/// The version of iamspec, as reports and `iamspec --version` show it.
public enum IAMSpecVersion {
    /// The version of this build of iamspec, as `iamspec --version` prints it.
    public static let current = "0.1.0"
}
