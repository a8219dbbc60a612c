import IAMSpec
import Testing

@testable import IAMSpecReferenceEngine

/// The presenter's checks run in the reference semantics' order, and the first that applies decides.
@Suite("Display attempt order")
struct DisplayAttemptOrderTests {
    /// A legacy message that fails every check: too late, wrong orientation, a full message with
    /// no image (and so no asset either).
    private let doomed = Presentation(
        message: InAppMessage(id: "m", type: .full, orientation: .landscape, timeout: .seconds(10)),
        slot: 0,
        triggerTime: .zero
    )

    /// Conditions under which every check applies.
    private let everythingWrong = DisplayAttempt.Conditions(
        now: .seconds(10),
        appInForeground: false,
        messageVisible: true,
        pageBlocked: true,
        keyboardUp: true,
        delegate: .absent,
        delegateChoice: .now,
        device: .phone,
        deviceOrientation: .portrait,
        assets: .failed
    )

    @Test("each check decides once the ones before it no longer apply")
    func order() {
        let presenter = DisplayAttempt(rules: .reference(for: .appboyLegacy))
        var presentation = doomed
        var conditions = everythingWrong
        var outcomes: [DisplayAttempt.Outcome] = []
        outcomes.append(presenter.outcome(for: presentation, in: conditions))
        presentation.message.timeout = nil
        outcomes.append(presenter.outcome(for: presentation, in: conditions))
        conditions.appInForeground = true
        outcomes.append(presenter.outcome(for: presentation, in: conditions))
        conditions.messageVisible = false
        outcomes.append(presenter.outcome(for: presentation, in: conditions))
        conditions.delegate = .implemented
        conditions.delegateChoice = .later
        outcomes.append(presenter.outcome(for: presentation, in: conditions))
        conditions.delegateChoice = .now
        outcomes.append(presenter.outcome(for: presentation, in: conditions))
        conditions.deviceOrientation = .landscape
        outcomes.append(presenter.outcome(for: presentation, in: conditions))
        presentation.message.image = .fails
        outcomes.append(presenter.outcome(for: presentation, in: conditions))
        conditions.assets = .pending
        outcomes.append(presenter.outcome(for: presentation, in: conditions))
        conditions.assets = .ready
        outcomes.append(presenter.outcome(for: presentation, in: conditions))
        #expect(
            outcomes == [
                .discard(.timeout), .stack(.background), .stack(.messageVisible), .stack(.keyboard),
                .stack(.delegateLater), .discard(.orientation), .discard(.missingImage), .discard(.assetFailed),
                .awaitAssets, .display,
            ]
        )
    }

    @Test("Swift SDK: neither the keyboard nor the image rules apply")
    func swiftSkipsLegacyChecks() {
        let presenter = DisplayAttempt(rules: .reference(for: .brazeSwift))
        var conditions = everythingWrong
        conditions.appInForeground = true
        conditions.messageVisible = false
        conditions.deviceOrientation = .landscape
        conditions.assets = .ready
        var presentation = doomed
        presentation.message.timeout = nil
        #expect(presenter.outcome(for: presentation, in: conditions) == .display)
    }

    @Test("a local message never times out")
    func localHasNoDeadline() {
        let presenter = DisplayAttempt(rules: .reference(for: .brazeSwift))
        var conditions = everythingWrong
        conditions.appInForeground = true
        conditions.messageVisible = false
        conditions.deviceOrientation = .landscape
        conditions.assets = .ready
        conditions.now = .seconds(1_000_000)
        let local = Presentation(message: doomed.message, slot: 0, triggerTime: nil)
        #expect(presenter.outcome(for: local, in: conditions) == .display)
    }
}
