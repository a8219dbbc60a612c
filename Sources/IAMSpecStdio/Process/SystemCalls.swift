import IAMSpecPlatform

/// `close(2)`, for types that have a `close` method of their own.
func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// Sends `signal` to the process group `group` (`kill(-group, signal)`), for types that have a
/// `kill` method of their own.
func signalProcessGroup(_ group: pid_t, _ signal: Int32) {
    _ = kill(-group, signal)
}

/// The environment of this process, for `posix_spawn`.
var processEnvironment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Darwin)
    _NSGetEnviron().pointee
    #else
    environ
    #endif
}
