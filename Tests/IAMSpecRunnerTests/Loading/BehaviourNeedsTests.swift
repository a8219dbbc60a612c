import IAMSpec
import Testing

@testable import IAMSpecRunner

/// The behavioural gates, `priority`, `minimum-interval` and `click-follow-up`, derived from what
/// a case's outcome can depend on (Specs/README.md, "Priority and the minimum interval", "A click's
/// follow-up").
@Suite struct BehaviourNeedsTests {
    /// What the loader derives for a case with these messages (and config) and steps.
    private func needs(
        _ given: String,
        _ steps: String,
        profiles: String = "[braze-swift, appboy-legacy]"
    ) throws
        -> Set<Capability>
    {
        let yaml = """
            id: behaviour-case
            title: A case
            rules: [area.rule]
            profiles: \(profiles)
            given:
            \(given.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            steps:
            \(steps.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            """
        let scratch = try SpecScratch(["rules.yaml": SpecScratch.catalogue, "case.yaml": yaml])
        let suite = scratch.load()
        #expect(scratch.problems(suite) == [])
        return try #require(suite.cases.first).requires
    }

    private let twoMessages = """
        messages:
          - {id: first, triggers: [{custom_event: browse}]}
          - {id: second, triggers: [{custom_event: cart}]}
        """

    @Test func aSecondTriggerInsideTheIntervalNeedsIt() throws {
        let steps = """
            - session_start
            - custom_event: browse
            - expect: {sequence: [{displayed: first}]}
            - advance: 29.999
            - custom_event: cart
            - expect: nothing
            """
        #expect(try needs(twoMessages, steps).contains(.minimumInterval))
    }

    @Test func aSecondTriggerExactlyTheIntervalLaterDoesNot() throws {
        let steps = """
            - session_start
            - custom_event: browse
            - expect: {sequence: [{displayed: first}]}
            - advance: 30
            - custom_event: cart
            - expect: {sequence: [{displayed: second}]}
            """
        #expect(try !needs(twoMessages, steps).contains(.minimumInterval))
    }

    @Test func anIntervalOfZeroNeedsNothing() throws {
        let steps = """
            - session_start
            - custom_event: browse
            - custom_event: cart
            - expect: {sequence: [{displayed: first}, {displayed: second}]}
            """
        #expect(try !needs("config: {minimum_trigger_interval: 0}\n" + twoMessages, steps).contains(.minimumInterval))
    }

    @Test func eventsThatFailTheFiltersAreNoTriggers() throws {
        let given = """
            messages:
              - id: gold
                triggers: [{custom_event: {name: upgrade, filters: [{property: plan, equals: gold}]}}]
            """
        let steps = """
            - session_start
            - custom_event: {name: upgrade, properties: {plan: silver}}
            - custom_event: upgrade
            - expect: nothing
            - custom_event: {name: upgrade, properties: {plan: gold}}
            - expect: {sequence: [{displayed: gold}]}
            """
        #expect(try !needs(given, steps).contains(.minimumInterval))
        // The same events, passing the filters, could each show the message: the interval matters.
        let passing = steps.replacingOccurrences(of: "plan: silver", with: "plan: gold")
            .replacingOccurrences(of: "expect: nothing", with: "expect: {sequence: [{displayed: gold}]}")
        #expect(try needs(given, passing).contains(.minimumInterval))
    }

    @Test func aWindowThatDisplayedNothingStartsNoInterval() throws {
        let given = """
            config: {delegate: implemented}
            messages:
              - {id: tip, triggers: [{custom_event: browse}]}
            """
        let steps = """
            - session_start
            - delegate_choice: {message: tip, choice: discard}
            - custom_event: browse
            - expect: {sequence: [{discarded: tip, reason: delegate}]}
            - delegate_choice: {message: tip, choice: now}
            - custom_event: browse
            - expect: {sequence: [{displayed: tip}]}
            """
        #expect(try !needs(given, steps).contains(.minimumInterval))
    }

    @Test func aDelayedDisplayDuringAnotherDelayNeedsIt() throws {
        let given = """
            messages:
              - {id: soon, delay: 5, triggers: [{custom_event: browse}]}
              - {id: later, delay: 10, triggers: [{custom_event: cart}]}
            """
        let steps = """
            - session_start
            - custom_event: browse
            - custom_event: cart
            - advance: 10
            - expect: {sequence: [{displayed: soon}]}
            """
        #expect(try needs(given, steps).contains(.minimumInterval))
    }

    @Test func aWipeBetweenTheDisplayAndTheTriggerEndsTheInterval() throws {
        let steps = """
            - session_start
            - custom_event: browse
            - expect: {sequence: [{displayed: first}]}
            - wipe_data
            - session_start
            - custom_event: cart
            - expect: {sequence: [{dismissed: first}, {displayed: second}]}
            """
        #expect(try !needs(twoMessages, steps).contains(.minimumInterval))
    }

    @Test func triggersAfterTheLastExpectationNeedNothing() throws {
        let steps = """
            - session_start
            - custom_event: browse
            - expect: {sequence: [{displayed: first}]}
            - custom_event: cart
            """
        #expect(try !needs(twoMessages, steps).contains(.minimumInterval))
    }

    @Test func oneCandidateNeedsNoPriorityWhateverItsPriority() throws {
        let given = """
            messages:
              - {id: high, priority: 5, triggers: [{custom_event: browse}]}
            """
        let steps = """
            - session_start
            - custom_event: browse
            - expect: {sequence: [{displayed: high}]}
            """
        #expect(try !needs(given, steps).contains(.priority))
    }

    @Test func anEarlierCandidateOfHigherPriorityNeedsIt() throws {
        let given = """
            messages:
              - {id: high, priority: 5, triggers: [{custom_event: browse}]}
              - {id: low, priority: 1, triggers: [{custom_event: browse}]}
            """
        let steps = """
            - session_start
            - custom_event: browse
            - expect: {sequence: [{displayed: high}]}
            """
        #expect(try needs(given, steps).contains(.priority))
    }

    @Test func candidatesWhosePrioritiesRiseAlongTheDeliveredListNeedNothing() throws {
        // The tie rule alone (the later message wins) picks what priority picks.
        let rising = """
            messages:
              - {id: older, priority: 1, triggers: [{custom_event: browse}]}
              - {id: newer, priority: 1, triggers: [{custom_event: browse}]}
              - {id: newest, priority: 2, triggers: [{custom_event: browse}]}
            """
        let steps = """
            - session_start
            - custom_event: browse
            - expect: {sequence: [{displayed: newest}]}
            """
        #expect(try !needs(rising, steps).contains(.priority))
        // One fall anywhere in the list: a subset of the candidates may leave the tie rule wrong.
        let falling = rising.replacingOccurrences(of: "id: newer, priority: 1", with: "id: newer, priority: 3")
        #expect(try needs(falling, steps).contains(.priority))
    }

    @Test func aCandidateAlreadyShownAndNotReeligibleIsNoRival() throws {
        let given = """
            config: {minimum_trigger_interval: 0}
            messages:
              - {id: high, priority: 5, triggers: [{custom_event: browse}, {custom_event: cart}]}
              - {id: low, priority: 1, triggers: [{custom_event: browse}]}
            """
        let steps = """
            - session_start
            - custom_event: cart
            - expect: {sequence: [{displayed: high}]}
            - dismiss: high
            - custom_event: browse
            - expect: {sequence: [{displayed: low}]}
            """
        #expect(try !needs(given, steps).contains(.priority))
        // Re-eligible again by the second event: both are candidates.
        let reeligible = given.replacingOccurrences(of: "priority: 5,", with: "priority: 5, reeligibility: 0,")
        #expect(try needs(reeligible, steps).contains(.priority))
    }

    @Test func eventsOfOneStepCompeteEachOnItsOwn() throws {
        let given = """
            config: {minimum_trigger_interval: 0}
            messages:
              - {id: welcome, priority: 5, triggers: [session_start]}
              - {id: from-push, triggers: [push_click]}
            """
        let steps = """
            - push_open
            - expect: {sequence: [{displayed: welcome}, {stacked: from-push, reason: message_visible}]}
            """
        #expect(try !needs(given, steps).contains(.priority))
    }

    @Test func aCampaignWindowThatIsClosedLeavesOneCandidate() throws {
        let given = """
            messages:
              - {id: closed, priority: 5, end: 5, triggers: [{custom_event: browse}]}
              - {id: open, triggers: [{custom_event: browse}]}
            """
        let steps = """
            - session_start
            - advance: 10
            - custom_event: browse
            - expect: {sequence: [{displayed: open}]}
            """
        #expect(try !needs(given, steps).contains(.priority))
    }

    // MARK: A click's follow-up

    private let clickable = """
        config: {minimum_trigger_interval: 0}
        messages:
          - {id: promo, triggers: [{custom_event: cart}]}
          - {id: tip, triggers: [{custom_event: browse}]}
          - {id: slow, delay: 5, triggers: [{purchase: gem}]}
        """

    /// `promo` shown and clicked, then `tip` triggered while it may still be on screen.
    private let clickThenTrigger = """
        - session_start
        - custom_event: cart
        - click: promo
        - custom_event: browse
        - expect: nothing
        """

    @Test func anEventThatTriggersAfterAClickNeedsIt() throws {
        #expect(try needs(clickable, clickThenTrigger).contains(.clickFollowUp))
    }

    @Test func aClickedMessageThatLeftFirstNeedsNothing() throws {
        for leaving in ["dismiss: promo", "app_dismiss", "relaunch", "wipe_data", "change_user: ana"] {
            let steps = """
                - session_start
                - custom_event: cart
                - click: promo
                - \(leaving)
                - custom_event: browse
                - expect: nothing
                """
            #expect(try !needs(clickable, steps).contains(.clickFollowUp), "\(leaving)")
        }
    }

    @Test func aChangeToTheCurrentUserLeavesTheClickArmed() throws {
        let steps = """
            - change_user: ana
            - session_start
            - custom_event: cart
            - click: promo
            - change_user: ana
            - custom_event: browse
            - expect: nothing
            """
        #expect(try needs(clickable, steps).contains(.clickFollowUp))
    }

    @Test func whatPresentsNothingAfterAClickNeedsNothing() throws {
        // An event that matches no trigger, display_next, a delay that has not ended, and what
        // comes after the last expectation.
        let steps = """
            - session_start
            - custom_event: cart
            - purchase: gem
            - click: promo
            - custom_event: nothing-matches
            - display_next
            - advance: 4.999
            - expect: nothing
            - custom_event: browse
            """
        #expect(try !needs(clickable, steps).contains(.clickFollowUp))
    }

    @Test func aDelayEndingAfterAClickNeedsIt() throws {
        let steps = """
            - session_start
            - custom_event: cart
            - purchase: gem
            - click: promo
            - advance: 5
            - expect: nothing
            """
        #expect(try needs(clickable, steps).contains(.clickFollowUp))
    }

    @Test func aClickOfALocalMessageOrUnderTheLegacySDKNeedsNothing() throws {
        let local = """
            - session_start
            - present_local: {id: custom}
            - click: custom
            - custom_event: browse
            - expect: nothing
            """
        #expect(try !needs(clickable, local).contains(.clickFollowUp))
        #expect(try !needs(clickable, clickThenTrigger, profiles: "[appboy-legacy]").contains(.clickFollowUp))
        #expect(try needs(clickable, clickThenTrigger, profiles: "[braze-swift]").contains(.clickFollowUp))
    }

    @Test func aPresentedMessageOrAStackOfferAfterAClickNeedsIt() throws {
        for presenting in [
            "present_local: {id: custom}", "session_start", "push_click",
            "asset_download: {message: tip, outcome: succeeds}",
        ] {
            let steps = """
                - session_start
                - custom_event: cart
                - click: promo
                - \(presenting)
                - expect: nothing
                """
            #expect(try needs(clickable, steps).contains(.clickFollowUp), "\(presenting)")
        }
    }
}
