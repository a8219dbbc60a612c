// Every kind of stimulus, in one place: the public ``Stimulus``, each kind's description
// (``StimulusKind``, from which every format derives) and its values (``Stimulus/parts``). Adding a
// stimulus is a case of ``Stimulus``, a case of ``StimulusKind/ID``, its description in
// ``StimulusKind/describe(_:)`` and its values in ``Stimulus/parts``, all in this file and all
// switched over exhaustively; its capability is a case of ``Capability``.

/// Something that happens to the engine: the app, the user, the network or the clock acting.
public enum Stimulus: Sendable, Hashable {
    /// A session starts: the server delivers the case's messages and asset downloads begin.
    /// With `syncPending`, the session-start sync stays in flight until ``sessionSyncCompleted``.
    case sessionStarted(syncPending: Bool)
    /// The session-start sync completes; events held while it was in flight are replayed.
    case sessionSyncCompleted
    /// The session ends.
    case sessionEnded
    /// The app relaunches from suspended mode: the in-memory stack is emptied.
    case appRelaunched
    /// The app logs a custom event.
    indirect case customEvent(CustomEvent)
    /// The app logs a purchase.
    indirect case purchase(Purchase)
    /// The app is opened from a push notification.
    case pushClicked(campaign: String?)
    /// The app is opened from a push notification while no session is running: a session starts
    /// (its sync completes at once) and the push click arrives with it.
    case appOpenedFromPush(campaign: String?)
    /// Virtual time moves forward; delayed displays that fall due run, in time order.
    case timeAdvanced(by: VirtualTime)
    /// The app goes to the background.
    case appBackgrounded
    /// The app comes back to the foreground.
    case appForegrounded
    /// The device turns to this orientation.
    case deviceRotated(to: DeviceOrientation)
    /// The keyboard comes up.
    case keyboardShown
    /// The keyboard goes away.
    case keyboardHidden
    /// A pending asset download of a message settles.
    case assetDownloadSettled(message: MessageID, succeeded: Bool)
    /// From now on the display delegate answers this choice for the message.
    case delegateChoiceSet(message: MessageID, choice: DisplayChoice)
    /// The user dismisses the visible message.
    case messageDismissed(MessageID)
    /// The user clicks the visible message.
    case messageClicked(MessageID)
    /// The app asks for the top of the stack (`presentNext()`, `displayNextInAppMessage`).
    case displayNextRequested
    /// The app presents a message it created itself.
    indirect case localMessagePresented(InAppMessage)
    /// The app changes the current user.
    case userChanged(to: String)
    /// The app wipes the SDK's data on the device (`wipeData()`): what the SDK holds goes, and
    /// the user is anonymous again.
    case dataWiped
    /// The app dismisses the visible message itself (`BrazeInAppMessageUI.dismiss(completion:)`),
    /// whichever it is; nothing happens when none is visible.
    case visibleMessageDismissedByApp
    /// The harness asks for the stack, top first; the engine answers with one ``Observation/stack(_:)``.
    case stackInspected
}

extension StimulusKind {
    /// The kinds, in the order of the case format's table of steps (`Specs/README.md`); the raw value
    /// indexes tables kept per kind.
    package enum ID: Int, Sendable, CaseIterable {
        case sessionStart, syncComplete, sessionEnd, relaunch, customEvent, purchase, pushClick, pushOpen, advance
        case background, foreground, orientation, keyboardShown, keyboardHidden, assetDownload, delegateChoice
        case dismiss, click, displayNext, presentLocal, changeUser, wipeData, appDismiss, inspectStack
    }

    /// The description of each kind.
    static func describe(_ id: ID) -> StimulusKind {
        switch id {
        case .sessionStart:
            StimulusKind(
                id,
                "session_start",
                fields: [
                    StepField(
                        "sync",
                        .choice(StepChoice([.init("complete"), .init("pending", capability: .sessionSync)])),
                        fallback: .text("complete"),
                        about: "pending keeps the session-start sync in flight until sync_complete (session-sync)."
                    )
                ],
                argument: .fields,
                about: "A session starts: the server delivers the case's messages and asset downloads begin.",
                events: { _ in [.sessionStart] },
                words: { values, _ in
                    values[0].text == "pending"
                        ? "a session starts, its sync with the server still in flight" : "a session starts"
                },
                make: { .sessionStarted(syncPending: $0[0].text == "pending") }
            )
        case .syncComplete:
            StimulusKind(
                id,
                "sync_complete",
                capability: .sessionSync,
                about: "The session-start sync completes; events held while it was in flight are replayed.",
                words: "the session's sync with the server completes",
                stimulus: .sessionSyncCompleted
            )
        case .sessionEnd:
            StimulusKind(
                id,
                "session_end",
                about: "The session ends.",
                words: "the session ends",
                stimulus: .sessionEnded
            )
        case .relaunch:
            StimulusKind(
                id,
                "relaunch",
                capability: .appLifecycle,
                about: "The app relaunches from suspended mode: the in-memory stack is emptied.",
                words: "the app relaunches (the messages waiting on the stack are lost)",
                stimulus: .appRelaunched
            )
        case .customEvent:
            StimulusKind(
                id,
                "custom_event",
                fields: [
                    StepField("name", .text, about: "The event's name."),
                    StepField("properties", .properties, fallback: .properties([:]), about: "The event's properties."),
                    StepField(
                        "source",
                        .choice(StepChoice(of: EventSource.self)),
                        fallback: .text(EventSource.sdk.rawValue),
                        about: "sdk, or api: an event logged through the REST API never triggers."
                    ),
                ],
                argument: .valueOrFields,
                about: "A custom event is logged.",
                events: { EventSource($0[2]) == .sdk ? [.customEvent(name: $0[0].text)] : [] },
                words: { values, wording in
                    "the custom event \(Phrase.name(values[0].text)) is logged"
                        + wording.eventDetails(values[1].properties, source: EventSource(values[2]))
                },
                make: {
                    .customEvent(
                        CustomEvent(name: $0[0].text, properties: $0[1].properties, source: EventSource($0[2]))
                    )
                }
            )
        case .purchase:
            StimulusKind(
                id,
                "purchase",
                fields: [
                    StepField("product", .text, about: "The product's id."),
                    StepField("price", .number, fallback: .number(0), about: "The price."),
                    StepField(
                        "properties",
                        .properties,
                        fallback: .properties([:]),
                        about: "The purchase's properties."
                    ),
                    StepField(
                        "source",
                        .choice(StepChoice(of: EventSource.self)),
                        fallback: .text(EventSource.sdk.rawValue),
                        about: "sdk, or api: a purchase logged through the REST API never triggers."
                    ),
                ],
                argument: .valueOrFields,
                about: "A purchase is logged.",
                events: { EventSource($0[3]) == .sdk ? [.purchase(product: $0[0].text)] : [] },
                words: { values, wording in
                    "a purchase of \(Phrase.name(values[0].text)) is logged"
                        + (values[1].number == 0 ? "" : " at a price of \(wording.number(values[1].number))")
                        + wording.eventDetails(values[2].properties, source: EventSource(values[3]))
                },
                make: {
                    .purchase(
                        Purchase(
                            product: $0[0].text,
                            price: $0[1].number,
                            properties: $0[2].properties,
                            source: EventSource($0[3])
                        )
                    )
                }
            )
        case .pushClick:
            StimulusKind(
                id,
                "push_click",
                fields: [campaignField],
                argument: .fields,
                capability: .pushClick,
                about: "The app is opened from a push notification (push-click).",
                events: { [.pushClick(campaign: $0[0].optionalText)] },
                words: { values, _ in
                    values[0].optionalText.map { "the app is opened from a push of the campaign \(Phrase.name($0))" }
                        ?? "the app is opened from a push"
                },
                make: { .pushClicked(campaign: $0[0].optionalText) }
            )
        case .pushOpen:
            StimulusKind(
                id,
                "push_open",
                fields: [campaignField],
                argument: .fields,
                capability: .pushOpen,
                about: "The app, with no session running, is opened from a push: a session starts (its sync "
                    + "completes at once) and the push click arrives with it (push-open).",
                events: { [.sessionStart, .pushClick(campaign: $0[0].optionalText)] },
                words: { values, _ in
                    "the app, not running a session, is opened from a push"
                        + (values[0].optionalText.map { " of the campaign \(Phrase.name($0))" } ?? "")
                        + " (a session starts with it)"
                },
                make: { .appOpenedFromPush(campaign: $0[0].optionalText) }
            )
        case .advance:
            StimulusKind(
                id,
                "advance",
                fields: [StepField("by", wireKey: "by_ms", .span, about: "The span of virtual time that passes.")],
                argument: .value,
                about: "Virtual time moves forward; delayed displays that fall due run, in time order.",
                words: { values, _ in values[0].span == .seconds(1) ? "1 s passes" : "\(values[0].span) s pass" },
                make: { .timeAdvanced(by: $0[0].span) }
            )
        case .background:
            StimulusKind(
                id,
                "background",
                capability: .appLifecycle,
                about: "The app goes to the background.",
                words: "the app goes to the background",
                stimulus: .appBackgrounded
            )
        case .foreground:
            StimulusKind(
                id,
                "foreground",
                capability: .appLifecycle,
                about: "The app comes back to the foreground.",
                words: "the app comes back to the foreground",
                stimulus: .appForegrounded
            )
        case .orientation:
            StimulusKind(
                id,
                "orientation",
                fields: [
                    StepField(
                        "orientation",
                        .choice(StepChoice(of: DeviceOrientation.self)),
                        about: "The device's new orientation."
                    )
                ],
                argument: .value,
                capability: .orientation,
                about: "The device turns (orientation).",
                words: { values, _ in "the device turns to \(values[0].text)" },
                make: { .deviceRotated(to: DeviceOrientation(rawValue: $0[0].text) ?? .portrait) }
            )
        case .keyboardShown:
            StimulusKind(
                id,
                "keyboard_shown",
                capability: .keyboard,
                about: "The keyboard comes up (keyboard).",
                words: "the keyboard comes up",
                stimulus: .keyboardShown
            )
        case .keyboardHidden:
            StimulusKind(
                id,
                "keyboard_hidden",
                capability: .keyboard,
                about: "The keyboard goes away (keyboard).",
                words: "the keyboard goes away",
                stimulus: .keyboardHidden
            )
        case .assetDownload:
            StimulusKind(
                id,
                "asset_download",
                fields: [
                    StepField("message", .message, about: "The message whose pending download settles."),
                    StepField(
                        "outcome",
                        .choice(StepChoice([.init("succeeds"), .init("fails")])),
                        about: "How the download ends."
                    ),
                ],
                argument: .fields,
                capability: .assets,
                about: "A pending asset download of a message settles (assets).",
                words: { values, _ in "the download for \(Phrase.name(values[0].text)) \(values[1].text)" },
                make: { .assetDownloadSettled(message: $0[0].text, succeeded: $0[1].text == "succeeds") }
            )
        case .delegateChoice:
            StimulusKind(
                id,
                "delegate_choice",
                fields: [
                    StepField("message", .message, about: "The message the answer is for."),
                    StepField(
                        "choice",
                        .choice(
                            StepChoice([
                                .init(DisplayChoice.now.rawValue, capability: .delegateNow),
                                .init(DisplayChoice.later.rawValue, capability: .delegateLater),
                                .init(DisplayChoice.discard.rawValue, capability: .delegateDiscard),
                                .init(
                                    DisplayChoice.rollback.rawValue,
                                    capability: .delegateRollback,
                                    profiles: [.appboyLegacy]
                                ),
                            ])
                        ),
                        about: "The display delegate's answer; rollback exists only in appboy-legacy."
                    ),
                ],
                argument: .fields,
                capability: .delegate,
                requirement: .delegate,
                about: "From now on the display delegate answers this choice for the message (delegate).",
                words: { values, _ in
                    "from now on the display delegate answers \(DisplayChoice(values[1]).quoted) for "
                        + Phrase.name(values[0].text)
                },
                make: { .delegateChoiceSet(message: $0[0].text, choice: DisplayChoice($0[1])) }
            )
        case .dismiss:
            StimulusKind(
                id,
                "dismiss",
                fields: [StepField("message", .message, about: "The visible message.")],
                argument: .value,
                about: "The user dismisses the visible message.",
                words: { values, _ in "the user dismisses \(Phrase.name(values[0].text))" },
                make: { .messageDismissed($0[0].text) }
            )
        case .click:
            StimulusKind(
                id,
                "click",
                fields: [StepField("message", .message, about: "The visible message.")],
                argument: .value,
                about: "The user clicks the visible message.",
                words: { values, _ in "the user taps \(Phrase.name(values[0].text))" },
                make: { .messageClicked($0[0].text) }
            )
        case .displayNext:
            StimulusKind(
                id,
                "display_next",
                capability: .displayNext,
                about: "The app asks for the top of the stack (presentNext(), displayNextInAppMessage).",
                words: "the app asks for the next message waiting on the stack",
                stimulus: .displayNextRequested
            )
        case .presentLocal:
            StimulusKind(
                id,
                "present_local",
                fields: [StepField("message", .localMessage, about: "The message the app creates.")],
                argument: .value,
                capability: .localMessages,
                about: "The app presents a message it created itself (local-messages).",
                words: { values, wording in wording.message(values[0].message) },
                make: { .localMessagePresented($0[0].message) }
            )
        case .changeUser:
            StimulusKind(
                id,
                "change_user",
                fields: [StepField("user", .text, about: "The new current user.")],
                argument: .value,
                capability: .userChange,
                about: "The app changes the current user.",
                words: { values, _ in "the app switches to the user \(Phrase.name(values[0].text))" },
                make: { .userChanged(to: $0[0].text) }
            )
        case .wipeData:
            StimulusKind(
                id,
                "wipe_data",
                capability: .dataWipe,
                about: "The app wipes the SDK's data on the device (wipeData()): the visible message is dismissed, "
                    + "the stack, waiting and delivered messages and the display clocks go, and the user is "
                    + "anonymous again (data-wipe).",
                words: "the app wipes the SDK's data on the device",
                stimulus: .dataWiped
            )
        case .appDismiss:
            StimulusKind(
                id,
                "app_dismiss",
                capability: .appDismissal,
                about: "The app dismisses the visible message itself (BrazeInAppMessageUI.dismiss(completion:)), "
                    + "whichever it is; nothing happens when none is visible (app-dismissal).",
                words: "the app dismisses the message on screen",
                stimulus: .visibleMessageDismissedByApp
            )
        case .inspectStack:
            StimulusKind(
                id,
                "inspect_stack",
                capability: .stackInspection,
                isStep: false,
                about: "The harness asks for the stack, top first (an expectation's stack).",
                words: "the stack is read",
                stimulus: .stackInspected
            )
        }
    }

    /// `push_click`'s and `push_open`'s campaign.
    private static let campaignField = StepField(
        "campaign",
        .text,
        fallback: .absent,
        about: "The push's campaign; none when left out."
    )
}

extension Stimulus {
    /// The stimulus's kind and its values, one for each of the kind's fields.
    package var parts: (kind: StimulusKind, values: [StepValue]) {
        switch self {
        case .sessionStarted(let syncPending):
            (.of(.sessionStart), [.text(syncPending ? "pending" : "complete")])
        case .sessionSyncCompleted: (.of(.syncComplete), [])
        case .sessionEnded: (.of(.sessionEnd), [])
        case .appRelaunched: (.of(.relaunch), [])
        case .customEvent(let event):
            (.of(.customEvent), [.text(event.name), .properties(event.properties), .text(event.source.rawValue)])
        case .purchase(let purchase):
            (
                .of(.purchase),
                [
                    .text(purchase.product), .number(purchase.price), .properties(purchase.properties),
                    .text(purchase.source.rawValue),
                ]
            )
        case .pushClicked(let campaign): (.of(.pushClick), [StepValue(campaign)])
        case .appOpenedFromPush(let campaign): (.of(.pushOpen), [StepValue(campaign)])
        case .timeAdvanced(let span): (.of(.advance), [.span(span)])
        case .appBackgrounded: (.of(.background), [])
        case .appForegrounded: (.of(.foreground), [])
        case .deviceRotated(let orientation): (.of(.orientation), [.text(orientation.rawValue)])
        case .keyboardShown: (.of(.keyboardShown), [])
        case .keyboardHidden: (.of(.keyboardHidden), [])
        case .assetDownloadSettled(let message, let succeeded):
            (.of(.assetDownload), [.text(message), .text(succeeded ? "succeeds" : "fails")])
        case .delegateChoiceSet(let message, let choice):
            (.of(.delegateChoice), [.text(message), .text(choice.rawValue)])
        case .messageDismissed(let message): (.of(.dismiss), [.text(message)])
        case .messageClicked(let message): (.of(.click), [.text(message)])
        case .displayNextRequested: (.of(.displayNext), [])
        case .localMessagePresented(let message): (.of(.presentLocal), [.message(message)])
        case .userChanged(let user): (.of(.changeUser), [.text(user)])
        case .dataWiped: (.of(.wipeData), [])
        case .visibleMessageDismissedByApp: (.of(.appDismiss), [])
        case .stackInspected: (.of(.inspectStack), [])
        }
    }

    /// The stimulus's kind.
    package var kind: StimulusKind { parts.kind }

    /// Whether the stimulus asks for the visible message to leave the screen: the user's `dismiss`
    /// or the app's `app_dismiss`.
    package var asksForDismissal: Bool {
        let id = kind.id
        return id == .dismiss || id == .appDismiss
    }
}

extension StimulusKind {
    /// A kind with values.
    fileprivate convenience init(
        _ id: ID,
        _ name: StaticString,
        fields: [StepField],
        argument: Argument,
        capability: Capability? = nil,
        requirement: Requirement? = nil,
        about: String,
        events: @escaping @Sendable ([StepValue]) -> [TriggerEvent] = { _ in [] },
        words: @escaping @Sendable ([StepValue], any StepWording) -> Phrase,
        make: @escaping @Sendable ([StepValue]) -> Stimulus
    ) {
        self.init(
            id: id,
            name: name,
            fields: fields,
            argument: argument,
            capability: capability,
            requirement: requirement,
            isStep: true,
            about: about,
            events: events,
            words: words,
            make: make
        )
    }

    /// A kind that takes nothing: always the same stimulus.
    fileprivate convenience init(
        _ id: ID,
        _ name: StaticString,
        capability: Capability? = nil,
        isStep: Bool = true,
        about: String,
        words: Phrase,
        stimulus: Stimulus
    ) {
        self.init(
            id: id,
            name: name,
            fields: [],
            argument: .none,
            capability: capability,
            requirement: nil,
            isStep: isStep,
            about: about,
            events: { _ in [] },
            words: { _, _ in words },
            make: { _ in stimulus }
        )
    }
}

extension EventSource {
    /// The source a choice field's word names.
    fileprivate init(_ value: StepValue) {
        self = EventSource(rawValue: value.text) ?? .sdk
    }
}

extension DisplayChoice {
    /// The answer a choice field's word names.
    fileprivate init(_ value: StepValue) {
        self = DisplayChoice(rawValue: value.text) ?? .now
    }

    /// The answer in words, quoted.
    fileprivate var quoted: String {
        switch self {
        case .now: "“display now”"
        case .later: "“later” (back on the stack)"
        case .discard: "“discard”"
        case .rollback: "“roll back” (undo the trigger)"
        }
    }
}
