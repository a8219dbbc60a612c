import IAMSpec
import IAMSpecPlatform

/// Puts a migrated case file's new text where the file was, as an editor saving it would: the
/// file a link leads to is the one replaced (the link stays a link), with the permissions, owner
/// and group it had, whole or not at all, and only while it still holds what was read.
///
/// Refused, the file left as it was: a file this process may not write, or whose owner may not
/// (0444: `iamspec migrate` never replaces what its owner made read-only), each said by its real
/// reason (read-only mode, a read-only mount, immutable, another user's); a file with other hard
/// links (replacing it would part it from them, and writing into it in place would leave it
/// half-written if the process were killed); a file that is not regular; a file that changed
/// since it was read. The check and the replacement hold an exclusive `flock` on the file's
/// folder, so that two `migrate`s of one folder never interleave: the second finds each file the
/// first replaced changed, and names it.
package enum CaseFileReplacement {
    /// Replaces the case file at `path` with `bytes` if it still holds `read`; the refusal when
    /// it is left as it was. `waiting` hears, before the wait, that another process holds the
    /// folder's lock (another `migrate` of the folder), which the replacement waits for.
    package static func replace(
        _ path: String,
        holding read: [UInt8],
        with bytes: [UInt8],
        waiting: (String) -> Void = { _ in }
    ) -> Diagnostic? {
        let refused = { (found: String, expected: String) in
            Diagnostic(
                "cannot replace the file: \(found); expected \(expected); the file is left as it was",
                at: SourceLocation(file: path, line: 1, column: 1)
            )
        }
        guard let resolved = realpath(path, nil) else {
            return refused("it cannot be found (\(String(cString: strerror(errno))))", "the file migrate read")
        }
        let target = String(cString: resolved)
        free(resolved)
        var status = stat()
        guard lstat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return refused("it is not a regular file", "a regular file")
        }
        guard status.st_nlink == 1 else {
            return refused(
                "it has \(status.st_nlink) hard links, which replacing it would part from it",
                "a file with one link (writing into the file in place instead could leave it half-written): "
                    + "break the link (`cp FILE FILE.new && mv FILE.new FILE`), run `iamspec migrate` again, then link "
                    + "the other names to the migrated file"
            )
        }
        let accessError = access(target, W_OK) == 0 ? nil : errno
        if let (found, expected) = unwritable(accessError: accessError, status: status, user: geteuid()) {
            return refused(found, expected)
        }
        let folderPath = URL(fileURLWithPath: target).deletingLastPathComponent().path
        let folder = open(folderPath, O_RDONLY | O_CLOEXEC)
        guard folder >= 0 else {
            return refused("its folder cannot be opened (\(String(cString: strerror(errno))))", "a readable folder")
        }
        defer { close(folder) }
        if flock(folder, LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK {
                waiting(
                    "\(path): waiting for the lock another process holds on its folder \(folderPath) (another "
                        + "`iamspec migrate` of the folder, replacing its files), before replacing it"
                )
            }
            while flock(folder, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    return refused(
                        "its folder cannot be locked (\(String(cString: strerror(errno))))",
                        "a lockable folder"
                    )
                }
            }
        }
        defer { flock(folder, LOCK_UN) }
        let changed = refused(
            "it changed since `iamspec migrate` read it (another migrate, or an editor, wrote it)",
            "it unchanged while migrate runs: run `iamspec migrate` again"
        )
        let unchanged = { () -> Bool in
            var now = stat()
            guard lstat(target, &now) == 0, now.st_ino == status.st_ino, now.st_dev == status.st_dev,
                case .bytes(let current) = YAMLFile.contents(of: target, unreadable: { $0 })
            else { return false }
            return current == read
        }
        guard unchanged() else { return changed }
        var changedMeanwhile = false
        do {
            try AtomicFile.replace(target, with: bytes, keeping: status) { () throws(AtomicFileError) in
                changedMeanwhile = !unchanged()
                if changedMeanwhile { throw AtomicFileError(path: path, reason: "it changed") }
            }
        } catch {
            return changedMeanwhile ? changed : refused(error.reason, "a folder it can write a file in")
        }
        return nil
    }

    /// Why a file `user` may not write (`accessError`: what `access(W_OK)` failed with, nil when it
    /// did not), or whose owner may not, as found and as expected; nil when it may be written.
    static func unwritable(accessError: Int32?, status: stat, user: uid_t) -> (found: String, expected: String)? {
        let mode = "mode 0" + String(status.st_mode & 0o7777, radix: 8)
        switch accessError {
        case EROFS?:
            return (
                "it is on a read-only file system (a read-only mount)",
                "a file on a file system mounted for writing: remount it read-write (or migrate a copy) and run "
                    + "`iamspec migrate` again"
            )
        case EPERM?:
            return (
                "the system refuses to write it (EPERM: it is immutable or append-only, as `lsattr` shows with `i` "
                    + "or `a`)",
                "a file whose attributes allow writing: clear them (`chattr -i -a FILE`, as root) and run "
                    + "`iamspec migrate` again"
            )
        case EACCES? where status.st_uid != user:
            return (
                "it belongs to another user (uid \(status.st_uid)) and its permissions (\(mode)) do not let you write it",
                "a file you may write: migrate it as its owner, or have it made writable for you"
            )
        case let error?:
            return (
                "it cannot be written (\(String(cString: strerror(error))), \(mode))",
                "a file you may write: make it writable (`chmod u+w`) and run `iamspec migrate` again"
            )
        case nil where status.st_mode & S_IWUSR == 0:
            return (
                "it is read-only (\(mode))",
                "a file its owner may write: make it writable (`chmod u+w`) and run `iamspec migrate` again"
            )
        case nil:
            return nil
        }
    }
}
