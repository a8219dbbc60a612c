import IAMSpec

/// The analytics of the current display: "a message logs at most one impression and one click"
/// (semantics notes, point 9), and "Braze does not support analytics on in-app messages created
/// locally" (seed 003).
struct DisplayAnalytics {
    /// The triggered message being displayed, and whether its click was logged; nil while a local
    /// message (or nothing) is displayed.
    private var current: (id: MessageID, clickLogged: Bool)?
    private let rules: AnalyticsRules

    init(rules: AnalyticsRules) {
        self.rules = rules
    }

    /// A display starts: the impression of a triggered message, once; nothing for a local one.
    mutating func displayStarted(_ presentation: Presentation) -> Observation? {
        guard !presentation.isLocal || rules.localMessagesLogAnalytics else {
            current = nil
            return nil
        }
        current = (presentation.id, clickLogged: false)
        return rules.impressionLoggedAt == .display ? .impressionLogged(presentation.id) : nil
    }

    /// Whether the message's impression waits for its time on screen
    /// (``AnalyticsRules/ImpressionMoment/afterTimeOnScreen``).
    func awaitsScreenTime(_ presentation: Presentation) -> Bool {
        rules.impressionLoggedAt == .afterTimeOnScreen && (!presentation.isLocal || rules.localMessagesLogAnalytics)
    }

    /// A control-group message is "shown": its impression only, and nothing on screen to click.
    mutating func controlShown(_ presentation: Presentation) -> Observation? {
        current = nil
        return rules.impressionLoggedAt == .display ? .impressionLogged(presentation.id) : nil
    }

    /// The user clicks the displayed message: its first click for this display is logged.
    mutating func clicked(_ id: MessageID) -> Observation? {
        guard let display = current, display.id == id, !display.clickLogged || !rules.firstClickOnly
        else { return nil }
        current?.clickLogged = true
        return .clickLogged(id)
    }
}
