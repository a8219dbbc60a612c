import IAMSpec

/// What the user sees: at most one in-app message at a time, unless the rules show a message
/// beside the visible one (``ScreenRules/MeetingVisibleMessage/shownBeside``).
struct Screen {
    /// The message on screen, if any: the latest shown.
    private(set) var visible: Presentation?
    /// Messages shown earlier and still on screen beside ``visible``, oldest first; always empty
    /// under the reference rules.
    private var beside: [Presentation] = []

    /// The ids of every message on screen, the latest last.
    var ids: [MessageID] { beside.map(\.id) + (visible.map { [$0.id] } ?? []) }

    /// Whether a message is on screen (matched, not compared with nil, so the message is not
    /// copied at every display attempt).
    var isShowingMessage: Bool {
        guard case .some = visible else { return false }
        return true
    }

    /// Every message on screen, the latest last.
    var presentations: [Presentation] { beside + (visible.map { [$0] } ?? []) }

    /// Whether this message is on screen with its impression still waiting for its time there.
    func awaitsImpression(_ id: MessageID) -> Bool {
        presentations.contains { $0.id == id && $0.impressionAwaitsScreenTime }
    }

    /// Whether this message is on screen.
    func shows(_ id: MessageID) -> Bool {
        visible?.id == id || (!beside.isEmpty && beside.contains { $0.id == id })
    }

    /// Puts the message on screen at `time`, in the place of the visible one, or beside it when
    /// `keepingOthers`; `awaitingImpression` when its impression waits for its time on screen.
    mutating func show(
        _ presentation: Presentation,
        at time: VirtualTime,
        awaitingImpression: Bool,
        keepingOthers: Bool = false
    ) {
        if keepingOthers, let visible, visible.slot != presentation.slot { beside.append(visible) }
        visible = presentation
        visible?.shownAt = time
        if awaitingImpression { visible?.impressionAwaitsScreenTime = true }
    }

    /// The user dismisses the message, returned when it was on screen; a message that is not on
    /// screen is left alone.
    @discardableResult
    mutating func dismiss(_ id: MessageID) -> Presentation? {
        if let shown = visible, shown.id == id {
            visible = beside.popLast()
            return shown
        }
        guard !beside.isEmpty, let index = beside.firstIndex(where: { $0.id == id }) else { return nil }
        return beside.remove(at: index)
    }

    /// Marks the impression of the message on screen as logged.
    mutating func recordImpression(of id: MessageID) {
        if visible?.id == id {
            visible?.impressionAwaitsScreenTime = false
        } else if let index = beside.firstIndex(where: { $0.id == id }) {
            beside[index].impressionAwaitsScreenTime = false
        }
    }

    /// Takes whatever is on screen away (relaunch, user change).
    mutating func clear() {
        visible = nil
        beside.removeAll()
    }
}
