import IAMSpec
import IAMSpecMutants
import IAMSpecReferenceEngine

/// For each mutation, a small scenario on which the mutant must answer differently from the
/// reference engine: the rule it breaks, exercised directly.
enum MutantWitnesses {
    static func scenario(for mutation: Mutation) -> Scenario {
        typealias B = Build
        let m0 = B.message("m0", .sessionStart)
        let m1 = B.message("m1", B.tap)
        let m2 = B.message("m2", B.level)
        let stackTwo = [B.start, B.event("tap"), B.event("level")]
        switch mutation {
        case .apiEventsTrigger:
            return B.scenario([m1], [B.start, B.event("tap", source: .api)])
        case .apiEventsReportNoMatch:
            return B.scenario([m1], [B.start, B.event("other", source: .api)])
        case .noMatchCallbackMissing:
            return B.scenario([m1], [B.start])
        case .pushCampaignIgnored:
            return B.scenario(
                [B.message("m1", .pushClick(campaign: "spring"))],
                [B.start, .pushClicked(campaign: "fall")]
            )
        case .atLeastStrict:
            return B.scenario(
                [B.message("m1", B.tap("count", .atLeast(5)))],
                [B.start, B.event("tap", ["count": .integer(5)])]
            )
        case .greaterThanInclusive:
            return B.scenario(
                [B.message("m1", B.tap("count", .greaterThan(5)))],
                [B.start, B.event("tap", ["count": .integer(5)])]
            )
        case .notEqualsFalseWhenAbsent:
            return B.scenario([B.message("m1", B.tap("count", .notEquals(.integer(5))))], [B.start, B.event("tap")])
        case .stringEqualsNumber:
            return B.scenario(
                [B.message("m1", B.tap("count", .equals(.integer(5))))],
                [B.start, B.event("tap", ["count": .string("5")])]
            )
        case .regexAnchored:
            return B.scenario(
                [B.message("m1", B.tap("label", .matches(regex: "ab")))],
                [B.start, B.event("tap", ["label": .string("xaby")])]
            )
        case .orGroupAsAnd:
            let either = [
                PropertyCondition(property: "count", comparison: .atLeast(5)),
                PropertyCondition(property: "label", comparison: .exists),
            ]
            let message = B.message("m1", .customEvent(name: "tap", filters: PropertyFilters(groups: [either])))
            return B.scenario([message], [B.start, B.event("tap", ["count": .integer(5)])])
        case .priorityTiesFirst:
            return B.scenario([m1, B.message("m2", B.tap)], [B.start, B.event("tap")])
        case .intervalAfterPriority:
            let high = B.message("m1", B.tap) { $0.priority = 2 }
            let delayed = B.message("m2", B.tap) {
                $0.priority = 1
                $0.delay = .seconds(40)
            }
            return B.scenario([m0, high, delayed], [B.start, .messageDismissed("m0"), B.event("tap"), B.advance(40)])
        case .intervalFromLastTrigger:
            let slow = B.message("m0", .sessionStart) { $0.delay = .seconds(10) }
            return B.scenario(
                [slow, m1],
                [B.start, B.advance(10), .messageDismissed("m0"), B.advance(25), B.event("tap")]
            )
        case .intervalExclusive:
            return B.scenario([m0, m1], [B.start, .messageDismissed("m0"), B.advance(30), B.event("tap")])
        case .intervalIgnoresDelay:
            let delayed = B.message("m1", B.tap) { $0.delay = .seconds(30) }
            return B.scenario([m0, delayed], [B.start, .messageDismissed("m0"), B.event("tap"), B.advance(30)])
        case .triggerInIntervalQueued:
            return B.scenario([m0, m1], [B.start, .messageDismissed("m0"), B.event("tap"), B.advance(30)])
        case .displayTimeRecheckSkipped:
            let delayed = B.message("m1", B.tap) { $0.delay = .seconds(10) }
            return B.scenario(
                [m0, delayed, m2],
                [
                    B.start, .messageDismissed("m0"), B.advance(30), B.event("tap"), B.advance(5), B.event("level"),
                    .messageDismissed("m2"), B.advance(5),
                ]
            )
        case .testSendNotExempt:
            let test = B.message("m1", B.tap) { $0.isTestSend = true }
            return B.scenario([m0, test], [B.start, .messageDismissed("m0"), B.event("tap")])
        case .reeligibilityIgnored:
            return B.scenario(
                [m1],
                [B.start, B.event("tap"), .messageDismissed("m1"), B.event("tap")],
                configuration: B.noInterval
            )
        case .inFlightRetriggerable:
            return B.scenario([m0, m1], [B.start, B.event("tap"), B.event("tap")], configuration: B.noInterval)
        case .discardedNeverRetriggered:
            let landscape = B.message("m1", B.tap) { $0.orientation = .landscape }
            return B.scenario(
                [landscape],
                [B.start, B.event("tap"), .deviceRotated(to: .landscape), B.event("tap")],
                configuration: B.noInterval
            )
        case .stackFIFO:
            return B.scenario(
                [m0, m1, m2],
                stackTwo,
                configuration: B.noInterval
            )
        case .reenqueueAtBottom:
            return B.scenario(
                [m0, m1, m2],
                stackTwo + [.displayNextRequested],
                configuration: B.noInterval
            )
        case .stackSurvivesRelaunch:
            return B.scenario(
                [m0, m1],
                [B.start, B.event("tap"), .appRelaunched, .displayNextRequested],
                configuration: B.noInterval
            )
        case .changeUserKeepsStack:
            return B.scenario(
                [m0, m1],
                [B.start, B.event("tap"), .userChanged(to: "other"), .displayNextRequested],
                configuration: B.noInterval
            )
        case .changeUserKeepsDelivered:
            return B.scenario([m1], [B.start, .userChanged(to: "other"), B.event("tap")])
        case .sessionEndClearsStack:
            return B.scenario(
                [m0, m1],
                [B.start, B.event("tap"), .sessionEnded, .messageDismissed("m0"), .displayNextRequested],
                configuration: B.noInterval
            )
        case .eligibilityOffersNothing:
            return B.scenario(
                [m0, m1],
                [B.start, B.event("tap"), .messageDismissed("m0"), .pushClicked(campaign: nil)],
                configuration: B.noInterval
            )
        case .dismissOffersNext:
            return B.scenario(
                [m0, m1],
                [B.start, B.event("tap"), .messageDismissed("m0")],
                configuration: B.noInterval
            )
        case .foregroundOffersNext:
            return B.scenario([m1], [B.start, .appBackgrounded, B.event("tap"), .appForegrounded])
        case .backgroundDisplays:
            return B.scenario([m1], [B.start, .appBackgrounded, B.event("tap")])
        case .delegateAskedWhenVisible:
            return B.scenario(
                [m0, m1],
                [.delegateChoiceSet(message: "m1", choice: .discard), B.start, B.event("tap")],
                configuration: EngineConfiguration(minimumTriggerInterval: .zero, delegate: .implemented)
            )
        case .keyboardRuleInSwift:
            return B.scenario([m1], [B.start, .keyboardShown, B.event("tap")])
        case .reenqueueMeaningsSwapped:
            return B.scenario(
                [m1],
                [.delegateChoiceSet(message: "m1", choice: .later), B.start, B.event("tap")],
                configuration: EngineConfiguration(delegate: .implemented)
            )
        case .orientationIgnored:
            return B.scenario([B.message("m1", B.tap) { $0.orientation = .landscape }], [B.start, B.event("tap")])
        case .orientationCheckedOnTablets:
            return B.scenario(
                [B.message("m1", B.tap) { $0.orientation = .landscape }],
                [B.start, B.event("tap")],
                configuration: EngineConfiguration(device: .tablet)
            )
        case .imageRulesInSwift:
            return B.scenario([B.message("m1", B.tap) { $0.type = .full }], [B.start, B.event("tap")])
        case .timeoutFromReady:
            let slow = B.message("m1", B.tap) {
                $0.delay = .seconds(10)
                $0.timeout = .seconds(5)
            }
            return B.scenario([slow], [B.start, B.event("tap"), B.advance(10)])
        case .defaultTimeoutIgnoresDelay:
            return B.scenario(
                [B.message("m1", B.tap) { $0.delay = .seconds(40) }],
                [B.start, B.event("tap"), B.advance(40)]
            )
        case .extrasDropped:
            return B.scenario([B.message("m1", B.tap) { $0.extras = ["key": "value"] }], [B.start, B.event("tap")])
        case .localLogsImpression:
            return B.scenario([], [.localMessagePresented(InAppMessage(id: "local1"))])
        case .clickLoggedEveryTime:
            return B.scenario([m1], [B.start, B.event("tap"), .messageClicked("m1"), .messageClicked("m1")])
        case .impressionAtReady:
            return B.scenario([m1], [B.start, B.event("tap")])
        case .apiPurchasesTrigger:
            return B.scenario(
                [B.message("m1", .anyPurchase)],
                [B.start, .purchase(Purchase(product: "gem", source: .api))]
            )
        case .lessThanInclusive:
            return B.scenario(
                [B.message("m1", B.tap("count", .lessThan(5)))],
                [B.start, B.event("tap", ["count": .integer(5)])]
            )
        case .atMostStrict:
            return B.scenario(
                [B.message("m1", B.tap("count", .atMost(5)))],
                [B.start, B.event("tap", ["count": .integer(5)])]
            )
        case .integerRealUnequal:
            return B.scenario(
                [B.message("m1", B.tap("count", .equals(.integer(5))))],
                [B.start, B.event("tap", ["count": .real(5)])]
            )
        case .numericStringCompared:
            return B.scenario(
                [B.message("m1", B.tap("count", .greaterThan(4)))],
                [B.start, B.event("tap", ["count": .string("5")])]
            )
        case .doesNotMatchTrueWhenAbsent:
            return B.scenario([B.message("m1", B.tap("label", .doesNotMatch(regex: "ab")))], [B.start, B.event("tap")])
        case .withinLastExclusive:
            return B.scenario(
                [B.message("m1", B.tap("when", .withinLast(.seconds(10))))],
                [B.start, B.advance(10), B.event("tap", ["when": .time(.zero)])]
            )
        case .noMatchWhenNoneEligible:
            return B.scenario(
                [m1],
                [B.start, B.event("tap"), .messageDismissed("m1"), B.event("tap")],
                configuration: B.noInterval
            )
        case .reeligibilityFromTrigger:
            let delayed = B.message("m1", B.tap) {
                $0.delay = .seconds(10)
                $0.reeligibility = .seconds(15)
            }
            return B.scenario(
                [delayed],
                [
                    B.start, B.event("tap"), B.advance(10), .messageDismissed("m1"), B.advance(5), B.event("tap"),
                    B.advance(10),
                ],
                configuration: B.noInterval
            )
        case .reeligibilityExclusive:
            let again = B.message("m1", B.tap) { $0.reeligibility = .seconds(10) }
            return B.scenario(
                [again],
                [B.start, B.event("tap"), .messageDismissed("m1"), B.advance(10), B.event("tap")],
                configuration: B.noInterval
            )
        case .localStartsInterval:
            return B.scenario(
                [m1],
                [
                    B.start, .localMessagePresented(InAppMessage(id: "local1")), .messageDismissed("local1"),
                    B.event("tap"),
                ]
            )
        case .rollbackStartsInterval:
            return B.scenario(
                [m1, m2],
                [.delegateChoiceSet(message: "m1", choice: .rollback), B.start, B.event("tap"), B.event("level")],
                profile: .appboyLegacy,
                configuration: EngineConfiguration(delegate: .implemented)
            )
        case .rollbackConsumesMessage:
            return B.scenario(
                [m1],
                [
                    .delegateChoiceSet(message: "m1", choice: .rollback), B.start, B.event("tap"),
                    .delegateChoiceSet(message: "m1", choice: .now), B.event("tap"),
                ],
                profile: .appboyLegacy,
                configuration: EngineConfiguration(delegate: .implemented)
            )
        case .delayedSurvivesRelaunch:
            return B.scenario(
                [B.message("m1", B.tap) { $0.delay = .seconds(10) }],
                [B.start, B.event("tap"), .appRelaunched, B.advance(10)]
            )
        case .changeUserKeepsVisible:
            return B.scenario(
                [m1],
                [
                    B.start, B.event("tap"), .userChanged(to: "other"),
                    .localMessagePresented(InAppMessage(id: "local1")),
                ]
            )
        case .equalReadyTimesReversed:
            let first = B.message("m1", B.tap) { $0.delay = .seconds(10) }
            let second = B.message("m2", B.level) { $0.delay = .seconds(10) }
            return B.scenario(
                [first, second],
                [B.start, B.event("tap"), B.event("level"), B.advance(10)],
                configuration: B.noInterval
            )
        case .keyboardIgnoresDelegate:
            return B.scenario(
                [m1],
                [B.start, .keyboardShown, B.event("tap")],
                profile: .appboyLegacy,
                configuration: EngineConfiguration(delegate: .implemented)
            )
        case .timeoutExclusive:
            let slow = B.message("m1", B.tap) {
                $0.delay = .seconds(10)
                $0.timeout = .seconds(10)
            }
            return B.scenario([slow], [B.start, B.event("tap"), B.advance(10)])
        case .clickAfterDismissLogged:
            return B.scenario([m1], [B.start, B.event("tap"), .messageDismissed("m1"), .messageClicked("m1")])
        case .replayBeforeSessionStart:
            return B.scenario(
                [m0, m1],
                [.sessionStarted(syncPending: true), B.event("tap"), .sessionSyncCompleted],
                configuration: B.noInterval
            )
        case .keyboardHiddenOffersNext:
            return B.scenario([m1], [B.start, .appBackgrounded, B.event("tap"), .appForegrounded, .keyboardHidden])
        case .dismissAnyClearsScreen:
            return B.scenario(
                [m0, m1],
                [B.start, .messageDismissed("m1"), B.event("tap")],
                configuration: B.noInterval
            )
        case .rotationDismissesVisible:
            return B.scenario(
                [m0, m1],
                [B.start, .deviceRotated(to: .landscape), B.event("tap")],
                configuration: B.noInterval
            )
        case .assetWaitBlocksScreen:
            let slow = B.message("m1", B.tap) { $0.image = .pending }
            return B.scenario([slow, m2], [B.start, B.event("tap"), B.event("level")], configuration: B.noInterval)
        case .assetsNotRestartedOnRedelivery:
            let slow = B.message("m1", B.tap) { $0.image = .pending }
            return B.scenario(
                [slow],
                [B.start, .assetDownloadSettled(message: "m1", succeeded: true), B.start, B.event("tap")]
            )
        case .backgroundBeforeTimeout:
            let slow = B.message("m1", B.tap) {
                $0.delay = .seconds(10)
                $0.timeout = .seconds(5)
            }
            return B.scenario([slow], [B.start, .appBackgrounded, B.event("tap"), B.advance(10)])
        case .visibleBeforeBackground:
            return B.scenario([m0, m1], [B.start, .appBackgrounded, B.event("tap")], configuration: B.noInterval)
        case .orientationBeforeDelegate:
            return B.scenario(
                [B.message("m1", B.tap) { $0.orientation = .landscape }],
                [.delegateChoiceSet(message: "m1", choice: .later), B.start, B.event("tap")],
                configuration: EngineConfiguration(delegate: .implemented)
            )
        case .assetsBeforeOrientation:
            let broken = B.message("m1", B.tap) {
                $0.orientation = .landscape
                $0.image = .fails
            }
            return B.scenario([broken], [B.start, B.event("tap")])
        case .syncEventsDropped:
            return B.scenario([m1], [.sessionStarted(syncPending: true), B.event("tap"), .sessionSyncCompleted])
        case .syncEventsNotHeld:
            return B.scenario([m1], [.sessionStarted(syncPending: true), B.event("tap")])
        }
    }
}
