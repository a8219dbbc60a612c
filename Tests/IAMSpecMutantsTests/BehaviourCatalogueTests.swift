import Foundation
import IAMSpec
import IAMSpecMutants
import IAMSpecReferenceEngine
import Testing

@Suite("Each behaviour of the catalogue departs from its rule")
struct BehaviourCatalogueTests {
    private static let ids = BehaviourCatalogue.all.map(\.id)

    @Test("the mutant answers its witness scenario differently from the reference engine", arguments: ids)
    func mutantDiffersFromReference(_ id: String) throws {
        let scenario = try #require(MutantWitnesses.scenario(for: id), "every mutant has a witness")
        #expect(scenario.isWellFormed)
        let reference = ScenarioTrace(running: scenario, on: ReferenceEngineProvider())
        let mutant = ScenarioTrace(running: scenario, on: try Self.provider(id))
        #expect(reference.failure == nil)
        let divergence = try #require(reference.firstDivergence(from: mutant))
        #expect(divergence < reference.windows.count, "the reference engine answers the diverging stimulus")
    }

    @Test("the witness scenario diverges only at its last stimulus", arguments: ids)
    func witnessIsMinimalInTime(_ id: String) throws {
        let scenario = try #require(MutantWitnesses.scenario(for: id))
        let reference = ScenarioTrace(running: scenario, on: ReferenceEngineProvider())
        let mutant = ScenarioTrace(running: scenario, on: try Self.provider(id))
        #expect(reference.firstDivergence(from: mutant) == scenario.stimuli.count - 1)
    }

    private static func provider(_ id: String) throws -> BehaviourEngineProvider {
        BehaviourEngineProvider(behaviour: try #require(BehaviourCatalogue.behaviour(id: id)))
    }

    @Test("the catalogue has at least 30 mutants with unique ids and one-line descriptions")
    func catalogue() {
        let mutants = BehaviourCatalogue.all
        #expect(mutants.count >= 30)
        #expect(Set(mutants.map(\.id)).count == mutants.count)
        for mutant in mutants {
            #expect(!mutant.summary.isEmpty && !mutant.summary.contains("\n"))
            #expect(BehaviourCatalogue.behaviour(id: mutant.id) == mutant)
        }
        #expect(BehaviourCatalogue.behaviour(id: "no-such-mutant") == nil)
    }

    @Test("a mutant provider describes itself like the reference engine, under the mutant's name")
    func providerDescription() throws {
        let mutant = try #require(BehaviourCatalogue.behaviour(id: "stack-fifo"))
        let description = BehaviourEngineProvider(behaviour: mutant).description
        let reference = ReferenceEngineProvider().description
        #expect(description.name == "mutant:stack-fifo")
        #expect(description.profiles == reference.profiles)
        #expect(description.capabilities == reference.capabilities)
    }

    @Test("each mutant names a rule of the catalogue in Specs/rules.yaml")
    func rulesExist() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let catalogue = try String(contentsOf: root.appendingPathComponent("Specs/rules.yaml"), encoding: .utf8)
        let ids = Set(
            catalogue.split(separator: "\n").compactMap { line in
                line.hasPrefix("- id: ") ? String(line.dropFirst("- id: ".count)) : nil
            }
        )
        for mutant in BehaviourCatalogue.all {
            #expect(ids.contains(mutant.rule), "\(mutant.id) names \(mutant.rule)")
        }
    }

    @Test("every behavioural capability has a behaviour that lacks it, and only behavioural ones do")
    func lackingBehaviours() {
        for capability in Capability.behavioural {
            #expect(!BehaviourCatalogue.lacking(capability).isEmpty, "\(capability)")
        }
        for behaviour in BehaviourCatalogue.all {
            if let capability = behaviour.lacks {
                #expect(Capability.behavioural.contains(capability), "\(behaviour.id)")
            }
        }
    }

    @Test("a behaviour's provider that declares the lack describes itself without that capability")
    func declaringLacking() throws {
        let behaviour = try #require(BehaviourCatalogue.behaviour(id: "priority-ignored"))
        let description = BehaviourEngineProvider(behaviour: behaviour, declaringLacking: true).description
        #expect(!description.capabilities.contains(.priority))
        #expect(description.capabilities.contains(.minimumInterval))
    }
}
