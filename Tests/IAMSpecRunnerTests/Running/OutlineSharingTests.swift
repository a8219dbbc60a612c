import IAMSpec
import Testing

@testable import IAMSpecRunner

@Suite("Results in outline hold the values they repeat once")
struct OutlineSharingTests {
    /// A failure of `id` as a run makes it: each text made anew, as a decoded case and an engine's
    /// answer give them.
    static func failure(_ id: String) -> CaseResult {
        CaseResult(
            caseID: id,
            profile: .brazeSwift,
            title: "A case \(id)",
            status: .failed,
            message: made("sequence on delivery: expected [displayed: promo], found []"),
            kind: .sequence,
            location: SourceLocation(file: made("Specs/stacking/later.yaml"), line: 3, column: 5),
            rules: [RuleReference(id: made("stacking.later-redelivery"), sources: [], title: "t", quotedLine: "q")],
            tags: [made("regression-tagged")],
            difference: Difference(
                rules: [made("stacking.later-redelivery")],
                mismatch: made("sequence on delivery: expected [displayed: promo]"),
                blocked: []
            )
        )
    }

    /// `text` made anew, in storage of its own.
    static func made(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    /// Where a text's bytes are stored (a text of over 15 bytes: a shorter one is held in its
    /// string, not stored apart).
    static func storage(_ text: String) -> UnsafeRawPointer? {
        text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }

    @Test func aSharedResultIsEqualToItsOwnAndHoldsTheTextsAnEarlierOneHeld() {
        var sharing = OutlineSharing()
        var first = Self.failure("a")
        sharing.share(&first)
        #expect(first == Self.failure("a"))
        var second = Self.failure("b")
        #expect(Self.storage(second.message) != Self.storage(first.message))
        sharing.share(&second)
        #expect(second == Self.failure("b"))
        #expect(Self.storage(second.message) == Self.storage(first.message))
        #expect(Self.storage(second.location.file) == Self.storage(first.location.file))
        #expect(Self.storage(second.tags[0]) == Self.storage(first.tags[0]))
        #expect(Self.storage(second.rules[0].id) == Self.storage(first.rules[0].id))
        #expect(Self.storage(second.difference!.mismatch) == Self.storage(first.difference!.mismatch))
        // Its own values stay its own: the title and the case differ.
        #expect(second.caseID == "b" && second.title == "A case b")
    }
}
