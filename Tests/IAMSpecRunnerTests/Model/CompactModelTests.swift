import IAMSpec
import Testing

/// The model keeps its values and its equality whatever way it stores them, and stays small: a
/// suite holds every case at once (100,000 cases in a few tens of megabytes).
@Suite struct CompactModelTests {
    static let file = "Specs/area/cases.yaml"

    @Test func aStepIsAsSmallAsAMessageLessAction() {
        #expect(MemoryLayout<Step>.size <= 48)
        #expect(MemoryLayout<Step.Action>.size <= 24)
        // A message is one reference to its shared settings: copying it retains one object.
        #expect(MemoryLayout<InAppMessage>.size == MemoryLayout<AnyObject>.size)
    }

    @Test func aChangedCopyOfAMessageLeavesTheOriginalAsItWas() {
        let original = InAppMessage(
            id: "m",
            type: .modal,
            priority: 2,
            triggers: [.sessionStart],
            image: .pending,
            delay: .seconds(3),
            timeout: .seconds(9)
        )
        var copy = original
        #expect(copy == original)
        copy.id = "n"
        copy.type = .html
        copy.priority = 5
        copy.triggers = []
        copy.orientation = .landscape
        copy.image = nil
        copy.zip = .fails
        copy.delay = .zero
        copy.isTestSend = true
        copy.isControl = true
        copy.timeout = nil
        #expect(original.id == "m")
        #expect(original.type == .modal)
        #expect(original.priority == 2)
        #expect(original.triggers == [.sessionStart])
        #expect(original.orientation == .any)
        #expect(original.image == .pending)
        #expect(original.zip == nil)
        #expect(original.delay == .seconds(3))
        #expect(!original.isTestSend && !original.isControl)
        #expect(original.timeout == .seconds(9))
        #expect(copy.id == "n" && copy.type == .html && copy.priority == 5 && copy.triggers.isEmpty)
        #expect(copy.orientation == .landscape && copy.image == nil && copy.zip == .fails)
        #expect(copy.delay == .zero && copy.isTestSend && copy.isControl && copy.timeout == nil)
        #expect(copy != original)
        // Set back to the original's values, the copy equals it again and hashes alike.
        copy.id = "m"
        copy.type = .modal
        copy.priority = 2
        copy.triggers = [.sessionStart]
        copy.orientation = .any
        copy.image = .pending
        copy.zip = nil
        copy.delay = .seconds(3)
        copy.isTestSend = false
        copy.isControl = false
        copy.timeout = .seconds(9)
        #expect(copy == original)
        #expect(Set([copy, original]).count == 1)
    }

    @Test func aStepKeepsAnyLocation() {
        let action = Step.Action.stimulus(.sessionEnded)
        for (line, column) in [
            (1, 1), (Int(UInt32.max), Int(UInt32.max)), (-1, 3), (Int(UInt32.max) + 1, 0), (.max, .min),
        ] {
            let location = SourceLocation(file: Self.file, line: line, column: column)
            var step = Step(action, location: location)
            #expect(step.location == location)
            #expect(step.action == action)
            let expectation = Step.Action.expectation(Expectation(sequence: []))
            step.action = expectation
            #expect(step.action == expectation)
            #expect(step.location == location)
            let moved = SourceLocation(file: "other.yaml", line: 7, column: 5)
            step.location = moved
            #expect(step.location == moved)
            #expect(step.action == expectation)
        }
    }

    @Test func aMessageKeepsEverySettingAndComparesByValue() {
        let plain = InAppMessage(id: "m")
        var settled = InAppMessage(
            id: "m",
            extras: ["k": "v"],
            timeout: .seconds(4),
            reeligibility: .seconds(5),
            minimumTriggerInterval: .seconds(6),
            start: .seconds(7),
            end: .seconds(8),
            imageOnLaterDeliveries: [.fails],
            zipOnLaterDeliveries: [.pending]
        )
        #expect(settled.extras == ["k": "v"])
        #expect(settled.timeout == .seconds(4))
        #expect(settled.reeligibility == .seconds(5))
        #expect(settled.minimumTriggerInterval == .seconds(6))
        #expect(settled.start == .seconds(7))
        #expect(settled.end == .seconds(8))
        #expect(settled.imageOnLaterDeliveries == [.fails])
        #expect(settled.zipOnLaterDeliveries == [.pending])
        #expect(settled != plain)
        settled.extras = [:]
        settled.timeout = nil
        settled.reeligibility = nil
        settled.minimumTriggerInterval = nil
        settled.start = nil
        settled.end = nil
        settled.imageOnLaterDeliveries = []
        settled.zipOnLaterDeliveries = []
        #expect(settled == plain)
        #expect(Set([settled, plain]).count == 1)
    }

    @Test func anExpectationKeepsEachCheckApart() {
        let shown: [ObservationPattern] = [.displayed(.id("a"), extras: nil)]
        let gone: [ObservationPattern] = [.dismissed(.any)]
        var expectation = Expectation(contains: shown, absent: gone, stack: ["a"])
        #expect(expectation.sequence == nil)
        #expect(expectation.contains == shown)
        #expect(expectation.absent == gone)
        #expect(expectation.stack == ["a"])
        #expect(expectation != Expectation(contains: gone, absent: shown, stack: ["a"]))
        expectation.contains = nil
        #expect(expectation == Expectation(absent: gone, stack: ["a"]))
        expectation.absent = []
        expectation.contains = shown
        #expect(expectation == Expectation(contains: shown, absent: [], stack: ["a"]))
        #expect(expectation != Expectation(contains: shown, stack: ["a"]))
    }

    @Test func aCaseKeepsItsCapabilitiesAndProfiles() {
        let location = SourceLocation(file: Self.file, line: 1, column: 1)
        var specCase = SpecCase(
            id: "a.case",
            title: "A case",
            rules: ["area.rule"],
            profiles: [.appboyLegacy, .brazeSwift, .appboyLegacy],
            requires: Set(Capability.allCases),
            messages: [],
            steps: [],
            location: location
        )
        #expect(specCase.requires == Set(Capability.allCases))
        #expect(specCase.profiles == [.appboyLegacy, .brazeSwift, .appboyLegacy])
        specCase.requires = [.delay, .userChange]
        specCase.profiles.removeLast()
        #expect(specCase.requires == [.delay, .userChange])
        #expect(specCase.profiles == [.appboyLegacy, .brazeSwift])
        specCase.requires.insert(.keyboard)
        #expect(specCase.requires == [.delay, .userChange, .keyboard])
    }
}
