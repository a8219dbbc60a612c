import IAMSpec

/// A message triggered by the custom event `event`, with the given settings.
func onEvent(
    _ id: MessageID,
    _ event: String = "tap",
    priority: Double = 0,
    delay: Int64 = 0,
    timeout: Int64? = nil,
    reeligibility: Int64? = nil,
    testSend: Bool = false
) -> InAppMessage {
    InAppMessage(
        id: id,
        priority: priority,
        triggers: [.customEvent(name: event, filters: PropertyFilters())],
        delay: .seconds(delay),
        timeout: timeout.map { .seconds($0) },
        reeligibility: reeligibility.map { .seconds($0) },
        isTestSend: testSend
    )
}
