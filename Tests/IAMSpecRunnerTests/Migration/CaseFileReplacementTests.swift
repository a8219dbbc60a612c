import Foundation
import IAMSpec
import Synchronization
import Testing

@testable import IAMSpecRunner

@Suite("Replacing a migrated case file")
struct CaseFileReplacementTests {
    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aFileChangedSinceItWasReadIsLeftAndNamed() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cases.yaml").path
        // What another migrate wrote after this one read the file.
        try Data("id: a # theirs\n".utf8).write(to: URL(fileURLWithPath: path))
        let refusal = CaseFileReplacement.replace(
            path,
            holding: Array("id: a\n".utf8),
            with: Array("id: a # ours\n".utf8)
        )
        #expect(
            refusal?.description.hasPrefix(
                "\(path):1:1: error: cannot replace the file: it changed since `iamspec migrate` read it"
            ) == true,
            "\(String(describing: refusal))"
        )
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "id: a # theirs\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cases.yaml"])
    }

    @Test func aFileStillHoldingWhatWasReadIsReplacedWithItsMode() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cases.yaml").path
        try Data("id: a\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        #expect(CaseFileReplacement.replace(path, holding: Array("id: a\n".utf8), with: Array("id: b\n".utf8)) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "id: b\n")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
    }

    /// Each reason a file cannot be written said as it is, where every one was "it is read-only
    /// (mode 0644) ... chmod u+w": a read-only mount (EROFS), an immutable or append-only file
    /// (EPERM), another user's file (EACCES, not the owner).
    @Test func aFileThatCannotBeWrittenIsRefusedForItsRealReason() {
        func status(mode: mode_t, owner: uid_t) -> stat {
            var status = stat()
            status.st_mode = S_IFREG | mode
            status.st_uid = owner
            return status
        }
        let writable = status(mode: 0o644, owner: 1000)
        #expect(CaseFileReplacement.unwritable(accessError: nil, status: writable, user: 1000) == nil)
        #expect(
            CaseFileReplacement.unwritable(accessError: EROFS, status: writable, user: 1000)?.found
                == "it is on a read-only file system (a read-only mount)"
        )
        #expect(
            CaseFileReplacement.unwritable(accessError: EPERM, status: writable, user: 1000)?.found
                == "the system refuses to write it (EPERM: it is immutable or append-only, as `lsattr` shows with `i` or `a`)"
        )
        #expect(
            CaseFileReplacement.unwritable(accessError: EACCES, status: writable, user: 1001)?.found
                == "it belongs to another user (uid 1000) and its permissions (mode 0644) do not let you write it"
        )
        #expect(
            CaseFileReplacement.unwritable(accessError: EACCES, status: status(mode: 0o444, owner: 1000), user: 1000)?
                .found == "it cannot be written (Permission denied, mode 0444)"
        )
        // Root may write a 0444 file; migrate still leaves what its owner made read-only.
        #expect(
            CaseFileReplacement.unwritable(accessError: nil, status: status(mode: 0o444, owner: 1000), user: 0)?.found
                == "it is read-only (mode 0444)"
        )
    }

    /// Another process holds the folder's lock (another `migrate` replacing its files): the
    /// replacement says so before it waits, then replaces the file once the lock is let go.
    @Test func aLockHeldElsewhereIsSaidBeforeTheWait() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cases.yaml").path
        try Data("id: a\n".utf8).write(to: URL(fileURLWithPath: path))
        // A lock of another open file description: flock keeps it from this process's own too.
        let held = open(folder.path, O_RDONLY | O_CLOEXEC)
        try #require(held >= 0 && flock(held, LOCK_EX) == 0)
        let said = DispatchSemaphore(value: 0)
        let notice = Mutex<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        let refusal = Mutex<Diagnostic?>(nil)
        Thread.detachNewThread {
            let outcome = CaseFileReplacement.replace(
                path,
                holding: Array("id: a\n".utf8),
                with: Array("id: b\n".utf8),
                waiting: { text in
                    notice.withLock { $0 = text }
                    said.signal()
                }
            )
            refusal.withLock { $0 = outcome }
            done.signal()
        }
        said.wait()
        #expect(
            notice.withLock { $0 }
                == "\(path): waiting for the lock another process holds on its folder \(folder.path) (another "
                + "`iamspec migrate` of the folder, replacing its files), before replacing it"
        )
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "id: a\n")
        flock(held, LOCK_UN)
        close(held)
        done.wait()
        #expect(refusal.withLock { $0 } == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "id: b\n")
    }
}
