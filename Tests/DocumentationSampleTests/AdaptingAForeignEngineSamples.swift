import IAMSpec
import IAMSpecRunner
import IAMSpecStdio

// The Swift samples of the article Sources/IAMSpec/Documentation.docc/AdaptingAForeignEngine.md,
// as code the compiler checks: `AdaptingAForeignEngineTests` finds each of the article's samples
// here word for word (indented as the code around it needs). Change the two together.

/// "Declare what the engine has": an engine described with nothing.
func acmeWithNothingYet() -> EngineDescription {
    let nothingYet = EngineDescription(
        name: "acme",
        version: "3.2.0",
        profiles: [.brazeSwift],
        capabilities: [],
        lacking: Capability.assumedUnlessLacking
    )
    return nothingYet
}

/// "Decline what you find out late": the provider, declining a case at its setup.
struct AcmeProvider: EngineProvider {
    var description: EngineDescription {
        EngineDescription(
            name: "acme",
            version: "3.2.0",
            profiles: [.brazeSwift],
            capabilities: [.assets, .analytics],
            lacking: [.displayNext, .priority, .propertyFilters, .reeligibility]
        )
    }

    func makeEngine(for setup: EngineSetup) throws -> any DeliveryEngine {
        if let message = setup.messages.first(where: { $0.delay > .seconds(60) }) {
            throw CaseSkipped(reason: "acme delays a campaign by 60 s at most (message \(message.id))")
        }
        return AcmeAdapter(setup: setup)
    }
}

/// "Engines whose server picks the messages".
final class CaseServer: AcmeServer {
    let messages: [InAppMessage]
    var delivered = false

    init(messages: [InAppMessage]) {
        self.messages = messages
    }

    /// The messages with a custom event trigger of that name, in delivered order. It decides
    /// nothing else: the engine lacks `property-filters` and `priority`, so no run it gets has
    /// filters, or two messages triggered by one event whose priority makes the earlier win.
    func campaigns(forEvent name: String, properties: [String: PropertyValue]) -> [AcmeCampaign] {
        guard delivered else { return [] }
        let triggered = messages.filter { message in
            message.triggers.contains { trigger in
                guard case .customEvent(let triggerName, _) = trigger else { return false }
                return triggerName == name
            }
        }
        return triggered.map { message in
            AcmeCampaign(
                id: message.id,
                imageURL: message.image == nil ? nil : "case:\(message.id)",
                payload: message.extras
            )
        }
    }
}

/// "Engines that drop instead of stacking".
func observations(of outcome: AcmeOutcome) -> [Observation] {
    switch outcome {
    case .shown(let campaign): [.displayed(campaign.id, extras: campaign.payload)]
    case .dropped(_, .anotherIsShowing): []
    case .dropped(let campaign, .imageFailed): [.discarded(campaign.id, reason: .assetFailed)]
    case .dropped(let campaign, .expired): [.discarded(campaign.id, reason: .timeout)]
    }
}

/// "Downloads before display".
final class CaseImages: AcmeImageLoader {
    var outcomes: [String: AssetOutcome] = [:]
    var waiting: [String: [(Bool) -> Void]] = [:]

    func load(_ url: String, completion: @escaping (Bool) -> Void) {
        switch outcomes[url] {
        case .succeeds, nil: completion(true)
        case .fails: completion(false)
        case .pending: waiting[url, default: []].append(completion)
        }
    }

    /// The case's `asset_download` step: the pending download settles.
    func settle(_ url: String, succeeded: Bool) {
        outcomes[url] = succeeded ? .succeeds : .fails
        for completion in waiting.removeValue(forKey: url) ?? [] {
            completion(succeeded)
        }
    }
}

/// "Serve the engine over the stdio protocol".
func serveAcme() {
    // Sources/acme-stdio/main.swift
    StdioEngineServer(provider: AcmeProvider()).serve()
}

/// "Print the report from your tests".
func printAcmeReport(specs: String) throws {
    let summary = try ConformanceRun(engine: AcmeProvider()).run(specs: specs)
    for line in ConsoleReport(style: ConsoleStyle(usesColor: false)).lines(for: summary) {
        print(line)
    }
}
