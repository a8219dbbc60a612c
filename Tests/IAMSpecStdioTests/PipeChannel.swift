import Foundation
import IAMSpec
import Synchronization

@testable import IAMSpecStdio

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An engine served by ``StdioEngineServer`` on a thread of this process, over two pipes: the
/// provider's side of the protocol meets the server's side without a child process.
final class PipeChannel: EngineChannel {
    let inputDescriptor: Int32
    let outputDescriptor: Int32
    let processID: Int32? = nil
    let stderrPosition = 0
    private let served = DispatchSemaphore(value: 0)
    private let isClosed = Mutex(false)

    init(serving provider: any EngineProvider) {
        var requests: [Int32] = [-1, -1]
        var replies: [Int32] = [-1, -1]
        _ = pipe(&requests)
        _ = pipe(&replies)
        for descriptor in requests + replies { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(requests[1], F_SETFL, O_NONBLOCK)
        _ = fcntl(replies[0], F_SETFL, O_NONBLOCK)
        inputDescriptor = requests[1]
        outputDescriptor = replies[0]
        let (serverInput, serverOutput) = (requests[0], replies[1])
        let served = served
        Thread {
            StdioEngineServer(provider: provider).serve(input: serverInput, output: serverOutput)
            close(serverInput)
            close(serverOutput)
            served.signal()
        }.start()
    }

    /// The server writes nothing on the side.
    func diagnostics(since position: Int) -> String { "" }

    /// Nothing to kill: closing the streams ends the server.
    func kill() {}

    func closeStreams() {
        let isFirst = isClosed.withLock { closed in
            defer { closed = true }
            return !closed
        }
        guard isFirst else { return }
        close(inputDescriptor)
        close(outputDescriptor)
    }

    func waitForExit(gracePeriod: Duration) -> String? {
        served.wait()
        served.signal()
        return "stopped serving"
    }
}
