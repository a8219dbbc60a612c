/// The version of iamspec, as reports and `iamspec --version` show it.
public enum IAMSpecVersion {
    public static let current = "0.1.0"
}
