import IAMSpec

/// The analytics of the current display: "a message logs at most one impression and one click"
/// (semantics notes, point 9), and "Braze does not support analytics on in-app messages created
/// locally" (seed 003).
///
/// Under rules that show a message beside the visible one
/// (``ScreenRules/MeetingVisibleMessage/shownBeside``), each message shown beside keeps its own
/// display, and its own click: every slide-up of the Braze Web SDK and every dialog of Leanplum's
/// Android SDK is a view of its own with its own click handler.
struct DisplayAnalytics {
    /// The triggered messages being displayed, the latest last, each with whether its click was
    /// logged: one under the reference rules; empty while a local message (or nothing) is
    /// displayed.
    private var current: [(id: MessageID, clickLogged: Bool)] = []
    private let rules: AnalyticsRules

    init(rules: AnalyticsRules) {
        self.rules = rules
    }

    /// A display starts: the impression of a triggered message, once; nothing for a local one. A
    /// display `besideOthers` leaves the displays of the messages still on screen as they are.
    mutating func displayStarted(_ presentation: Presentation, besideOthers: Bool = false) -> Observation? {
        if besideOthers {
            current.removeAll { $0.id == presentation.id }
        } else {
            current.removeAll()
        }
        guard !presentation.isLocal || rules.localMessagesLogAnalytics else { return nil }
        current.append((presentation.id, clickLogged: false))
        guard !presentation.impressionLoggedBeforeDisplay else { return nil }
        return rules.impressionLoggedAt == .display ? .impressionLogged(presentation.id) : nil
    }

    /// A message goes on the stack for the reason given: under rules that log the impression of a
    /// message the app's background stacks (``AnalyticsRules/impressionWhenStackedInBackground``),
    /// a triggered message's impression, once, marked on the presentation; nothing otherwise.
    func stacked(_ presentation: inout Presentation, for reason: StackReason) -> Observation? {
        guard rules.impressionWhenStackedInBackground, rules.impressionLoggedAt == .display, reason == .background,
            !presentation.impressionLoggedBeforeDisplay, !presentation.isLocal || rules.localMessagesLogAnalytics
        else { return nil }
        presentation.impressionLoggedBeforeDisplay = true
        return .impressionLogged(presentation.id)
    }

    /// Whether the message's impression waits for its time on screen
    /// (``AnalyticsRules/ImpressionMoment/afterTimeOnScreen``).
    func awaitsScreenTime(_ presentation: Presentation) -> Bool {
        rules.impressionLoggedAt == .afterTimeOnScreen && (!presentation.isLocal || rules.localMessagesLogAnalytics)
    }

    /// A control-group message is "shown": its impression only, and nothing on screen to click.
    mutating func controlShown(_ presentation: Presentation) -> Observation? {
        current.removeAll()
        guard !presentation.impressionLoggedBeforeDisplay else { return nil }
        return rules.impressionLoggedAt == .display ? .impressionLogged(presentation.id) : nil
    }

    /// The user clicks a displayed message: its first click for this display is logged.
    mutating func clicked(_ id: MessageID) -> Observation? {
        guard let index = current.lastIndex(where: { $0.id == id }),
            !current[index].clickLogged || !rules.firstClickOnly
        else { return nil }
        current[index].clickLogged = true
        return .clickLogged(id)
    }
}
