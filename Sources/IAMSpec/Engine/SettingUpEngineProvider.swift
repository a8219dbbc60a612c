/// A provider whose engine takes a while to set up (the stdio protocol's process answering
/// `case`), and that can show it while it does: a run given up meanwhile (it timed out, or the
/// run was interrupted) then says what it waited for, with what the engine wrote on the side, as
/// a run given up while a stimulus is answered does.
///
/// It is the tool's own, as ``AwaitingEngine`` is.
package protocol SettingUpEngineProvider: EngineProvider {
    /// Makes an engine set up for one run, as ``EngineProvider/makeEngine(for:)`` does, first
    /// handing `settingUp` an engine standing for the one being set up: interrupting it stops the
    /// set-up, and it says what it awaits (``AwaitingEngine``) and what was written on the side.
    func makeEngine(
        for setup: EngineSetup,
        settingUp: (any InterruptibleEngine) -> Void
    ) throws -> any DeliveryEngine
}
