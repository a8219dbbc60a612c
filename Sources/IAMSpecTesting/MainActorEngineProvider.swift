import Foundation
package import IAMSpec

/// An SDK whose every method is isolated to the main actor, as many on Apple platforms are: it
/// displays the first message it was given when a session starts. For iamspec's own tests of
/// engines on the main actor (the runner's `async` run, the portable executor).
@MainActor
package final class MainActorSDK {
    private let messages: [InAppMessage]

    /// An SDK that received `messages` from the server.
    package init(messages: [InAppMessage]) {
        self.messages = messages
    }

    /// Starts a session: the ids of the messages it displays.
    package func startSession() -> [MessageID] {
        messages.prefix(1).map(\.id)
    }
}

/// The adapter of the runner guide's "Engines on the main actor": each call hops to the main
/// actor and waits there for the SDK, from the thread the runner calls it on.
package struct MainActorEngine: DeliveryEngine {
    /// The SDK the engine drives.
    package let sdk: MainActorSDK

    /// Applies a stimulus on the main actor: a session start displays, and logs an impression.
    package mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
        DispatchQueue.main.sync {
            MainActor.assumeIsolated {
                guard case .sessionStarted = stimulus else { return [] }
                return sdk.startSession().flatMap { id -> [Observation] in
                    [.displayed(id, extras: [:]), .impressionLogged(id)]
                }
            }
        }
    }
}

/// Makes a ``MainActorEngine`` per run, its SDK made on the main actor.
package struct MainActorEngineProvider: EngineProvider {
    /// A provider of main-actor engines.
    package init() {}

    /// `main-actor`: braze-swift, analytics.
    package var description: EngineDescription {
        EngineDescription(name: "main-actor", version: "1.0.0", profiles: [.brazeSwift], capabilities: [.analytics])
    }

    /// A fresh engine, its SDK made on the main actor.
    package func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        let messages = setup.messages
        let sdk = DispatchQueue.main.sync { MainActor.assumeIsolated { MainActorSDK(messages: messages) } }
        return MainActorEngine(sdk: sdk)
    }
}
