import IAMSpec

// Acme, the engine that the guide "Adapting an engine that is not a Braze SDK" adapts: the surface
// of its SDK that the guide's samples call, with nothing behind it. The samples are compiled, not
// run.

/// A campaign as Acme's client receives it from its server.
struct AcmeCampaign {
    /// The campaign's id.
    var id: String
    /// Where its image is downloaded from; nil when it has none.
    var imageURL: String?
    /// Key-value pairs handed to the app with the campaign.
    var payload: [String: String]
}

/// Acme's server, as its client sees it: asked for the campaigns of each event.
protocol AcmeServer: AnyObject {
    /// The campaigns to show for the event.
    func campaigns(forEvent name: String, properties: [String: PropertyValue]) -> [AcmeCampaign]
}

/// Acme's image loader, which an app may replace with its own.
protocol AcmeImageLoader: AnyObject {
    /// Downloads the image, and calls `completion` with whether it succeeded.
    func load(_ url: String, completion: @escaping (Bool) -> Void)
}

/// What Acme's client did with a campaign, as its listener reports it.
enum AcmeOutcome {
    /// The campaign is on screen.
    case shown(AcmeCampaign)
    /// The campaign was dropped, for this reason.
    case dropped(AcmeCampaign, AcmeDropReason)
}

/// Why Acme dropped a campaign.
enum AcmeDropReason {
    /// Another campaign was on screen.
    case anotherIsShowing
    /// Its image could not be downloaded.
    case imageFailed
    /// It was ready too late.
    case expired
}

/// The adapter the samples' provider makes; the article "Writing an engine" shows how to write one.
struct AcmeAdapter: DeliveryEngine {
    /// The run's setup.
    var setup: EngineSetup

    mutating func handle(_ stimulus: Stimulus) throws -> [Observation] {
        []
    }
}
