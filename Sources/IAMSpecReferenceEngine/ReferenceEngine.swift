public import IAMSpec

/// The reference in-app message delivery engine: iamspec's reference semantics, executable.
///
/// One engine is one app on one device, for one case run. It owns no clock and no UI: time moves
/// only with ``Stimulus/timeAdvanced(by:)``, and "the screen" is the state it reports through
/// `displayed` observations and `dismiss` / `click` stimuli. It is deterministic: the same
/// stimuli always give the same observations.
///
/// The rules are a value, `DeliveryRules` (`Rules/`): one field per rule, stated positively with
/// its source and grouped by concept, whose initial values are the reference semantics of a
/// profile. The code that applies them lives one concept per file: trigger matching
/// (`Triggers/`), candidate selection and the display clocks (`Selection/`), delayed displays
/// (`Scheduling/`), the stack, the screen, a click's follow-up and the presenter's ordered checks
/// (`Presentation/`),
/// analytics (`Analytics/`), the session-start sync (`Session/`), time arithmetic that cannot
/// trap (`Time/`), and each message's state held at its slot rather than keyed by its id
/// (`Messages/`). The extensions in `Engine/` wire them to the stimuli. An engine made with other
/// rules (`init(setup:rules:)`) applies those instead, in the same places.
///
/// Stimuli about a message that is not in play (dismissing or clicking a message that is not
/// visible, settling a download that is not pending) are ignored, as an app would ignore them.
/// ``EngineError`` is thrown only for what the engine cannot honour: a regular expression that
/// does not compile, a delay outside 0 to 7200 s, a `rollback` choice under the Swift SDK, or
/// virtual time moving backwards or past its range.
public struct ReferenceEngine: DeliveryEngine {
    // MARK: Setup

    let rules: DeliveryRules
    /// The capabilities the engine lacks, and how it goes without them; nil for none.
    let lacked: LackedCapabilities?
    let configuration: EngineConfiguration
    /// What the server delivers at each session start, in delivered order.
    let serverMessages: [InAppMessage]
    /// The slot of each message the engine has met, where its state is held.
    var slots: MessageSlots
    let matching: TriggerMatching
    let selection: CandidateSelection
    let presenter: DisplayAttempt
    /// Whether the rules time a message's stay on screen (``timesScreenTime(under:)``).
    let timesScreenTime: Bool

    // MARK: The device and the app

    var now = VirtualTime.zero
    var appInForeground = true
    var deviceOrientation: DeviceOrientation
    var keyboardUp = false
    /// What the app's display delegate answers, per message (at its slot); `now` unless set.
    var delegateChoices = PerMessage<DisplayChoice>()

    // MARK: Delivery and triggering

    /// Whether the server's messages are delivered: by the last session start, and not cleared
    /// since (a user change clears them).
    var serverMessagesDelivered = false
    /// How many times the server has delivered the messages: each delivery's asset downloads may
    /// end differently.
    var deliveries = 0
    /// When a message a Session Start trigger fired was last displayed, kept where the rules limit
    /// those displays to one a day (``TriggerRules/sessionStartDisplaysOncePerDay``).
    var lastSessionStartDisplay: VirtualTime?
    /// Until when Session Start triggers may fire, under rules that let them fire only just after
    /// the app's launch (``TriggerRules/sessionStartFiresOnlyAfterLaunchFor``): set at the launch's
    /// first session start, and nil before it or once one of them was shown.
    var sessionStartWindowEnd: VirtualTime?
    /// Whether a session has started since the app's launch (the case's start, or a relaunch).
    var sessionStartedSinceLaunch = false
    /// When the app last went to the background, while it is there.
    var backgroundedAt: VirtualTime?
    /// When the engine last synced with its server: the last delivery of the messages, launch after
    /// one, event that matched a trigger, or foreground that synced. Only rules whose app foreground
    /// offers the stack's top past the sync interval read it
    /// (``StackRules/Moments/appForegroundedPastSyncInterval``).
    var lastSync: VirtualTime?
    /// The current user: nil for the anonymous user a case starts with.
    var currentUser: String?
    var assets = AssetDownloads()
    var clocks: DisplayClocks
    var sync = SessionSync()
    /// Triggered messages not yet displayed or discarded: delayed, on the stack, or waiting for
    /// assets. Under the reference rules they are still candidates: a new firing waits again with
    /// its own trigger time (`SelectionRules.excludesMessagesInFlight`). Only rules that exclude
    /// them read the set, and the engine keeps it only under those rules.
    var inFlight = MessageSet()
    /// Discarded messages that may never be triggered again; always empty under the reference rules
    /// (`ReeligibilityRules.discardedMessagesRetriggerable`).
    var discardedForGood = MessageSet()
    var delayed: DelayedDisplayQueue

    // MARK: Presentation

    var stack: MessageStack
    /// Messages whose display waits for a pending asset download: off the stack, off the screen.
    var awaitingAssets = PerMessage<Presentation>()
    /// When the stack's top is offered again because a dismissal's offering came inside the
    /// minimum interval (``IntervalRules/InsideInterval/heldOnTheStack``); nil when no such
    /// offering waits.
    var stackOfferAtIntervalEnd: VirtualTime?
    var screen = Screen()
    /// The click of the message on screen being processed, and the message held as its follow-up.
    var followUp = ClickFollowUp()
    var analytics: DisplayAnalytics

    /// What the stimulus being handled has caused so far.
    var observations: [Observation] = []

    /// Makes an engine for one run of one case.
    ///
    /// Throws ``EngineError`` when a message's regular expression does not compile, or its delay
    /// is outside 0 to 7200 s ("a trigger may delay its display by up to 7200 s").
    public init(setup: EngineSetup) throws {
        try self.init(setup: setup, rules: .reference(for: setup.profile))
    }

    /// Makes an engine that applies the given rules instead of the reference semantics; the rules
    /// should be those of the setup's profile, changed where wanted.
    ///
    /// Throws as ``init(setup:)`` does.
    package init(setup: EngineSetup, rules: DeliveryRules) throws {
        try self.init(setup: setup, rules: rules, lacking: [])
    }

    /// Makes an engine that applies the given rules as an engine without `lacking` does
    /// (``LackedCapabilities``): it never does what a lacked capability stands for.
    ///
    /// Throws as ``init(setup:)`` does.
    package init(setup: EngineSetup, rules: DeliveryRules, lacking: Set<Capability>) throws {
        let lacked = lacking.isEmpty ? nil : LackedCapabilities(lacking)
        let setup = lacked?.reading(setup) ?? setup
        let rules = lacked?.applied(to: rules) ?? rules
        for message in setup.messages where message.delay < .zero || message.delay > .seconds(7200) {
            throw EngineError("message \(message.id): delay \(message.delay) s is outside 0 to 7200 s")
        }
        self.init(setup: setup, rules: rules, lacked: lacked, regexes: try RegexLibrary(messages: setup.messages))
    }

    /// Makes an engine once nothing is left that can throw, so that it is built in place.
    private init(setup: EngineSetup, rules: DeliveryRules, lacked: LackedCapabilities?, regexes: RegexLibrary) {
        self.rules = rules
        self.lacked = lacked
        configuration = setup.configuration
        serverMessages = setup.messages
        slots = MessageSlots(serverMessages: setup.messages)
        matching = TriggerMatching(
            rules: rules.triggers,
            filters: PropertyFilterEvaluation(regexes: regexes, rules: rules.filters)
        )
        selection = CandidateSelection(
            minimumInterval: setup.configuration.minimumTriggerInterval,
            rules: rules.selection,
            interval: rules.interval,
            reeligibility: rules.reeligibility,
            campaign: rules.campaign,
            walk: rules.selection.priorityTiesGoTo == .firstInHashMapWalk
                ? HashMapWalk(keys: setup.messages.map(\.id)) : nil
        )
        presenter = DisplayAttempt(rules: rules)
        timesScreenTime = Self.timesScreenTime(under: rules)
        deviceOrientation = setup.configuration.orientation
        stack = MessageStack(rules: rules.stack)
        clocks = DisplayClocks(interval: rules.interval, reeligibility: rules.reeligibility)
        delayed = DelayedDisplayQueue(rules: rules.delay)
        analytics = DisplayAnalytics(rules: rules.analytics)
    }

    /// Applies one stimulus and returns what it caused, in order.
    public mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
        observations = []
        var stimulus = stimulus
        if let lacked {
            // A step an engine without the capability is never sent changes nothing.
            guard let received = lacked.received(stimulus) else { return [] }
            stimulus = received
        }
        switch stimulus {
        case .sessionStarted(let syncPending):
            startSession(syncPending: syncPending)
        case .sessionSyncCompleted:
            completeSessionSync()
        case .sessionEnded:
            clear(rules.lifecycle.sessionEndClears)
        case .appRelaunched:
            relaunch()
        case .customEvent(let event):
            receive(
                LoggedEvent(event: .customEvent(name: event.name), properties: event.properties),
                from: event.source
            )
        case .purchase(let purchase):
            receive(
                LoggedEvent(event: .purchase(product: purchase.product), properties: purchase.properties),
                from: purchase.source
            )
        case .pushClicked(let campaign):
            let opening = !appInForeground && rules.lifecycle.openingFromAPushForegroundsTheApp
            if opening { appInForeground = true }
            receive(LoggedEvent(event: .pushClick(campaign: campaign), properties: [:]), from: .sdk)
            if opening { syncAtAppForeground() }
            if rules.triggers.sessionStartFiresAtPushClick, serverMessagesDelivered, !sync.isPending {
                refireSessionStartMessages()
            }
        case .appOpenedFromPush(let campaign):
            openFromPush(campaign: campaign)
        case .timeAdvanced(let span):
            try advance(by: span)
        case .appBackgrounded:
            if appInForeground { backgroundedAt = now }
            appInForeground = false
        case .appForegrounded:
            let returning = !appInForeground
            appInForeground = true
            offerTopOfStack(at: .appForegrounded)
            syncAtAppForeground()
            if returning { fireSessionStartAtAppForeground() }
        case .deviceRotated(let orientation):
            deviceOrientation = orientation
            clear(rules.lifecycle.rotationClears)
        case .keyboardShown:
            keyboardUp = true
        case .keyboardHidden:
            keyboardUp = false
            offerTopOfStack(at: .keyboardHidden)
        case .assetDownloadSettled(let id, let succeeded):
            settleAssets(of: id, succeeded: succeeded)
        case .delegateChoiceSet(let id, let choice):
            try setDelegateChoice(choice, for: id)
        case .messageDismissed(let id):
            dismiss(id)
        case .messageClicked(let id):
            click(id)
        case .displayNextRequested:
            offerTopOfStack(at: .displayNextRequested)
        case .localMessagePresented(let message):
            presentLocal(message)
        case .userChanged(let user):
            changeUser(to: user)
        case .dataWiped:
            wipeData()
        case .visibleMessageDismissedByApp:
            if let visible = screen.visible?.id { dismiss(visible) }
        case .stackInspected:
            return [.stack(stack.idsTopFirst)]
        }
        return observations
    }

    /// Adds what the stimulus caused, when it caused something.
    mutating func observe(_ observation: Observation?) {
        if let observation { observations.append(observation) }
    }
}
