import Foundation

/// A small suite for runs on the engines of `Fixtures/engines/faults/`, which misbehave in a case
/// whose id contains `fault`: each case displays a message at session start.
enum FaultSuite {
    /// One case: its id, its title, and steps after the expectation (a flow list's items).
    struct Case {
        var id: String
        var title: String
        var moreSteps = ""
    }

    /// Writes `cases.yaml` with the cases and `rules.yaml` with the rule they check into `folder`.
    static func write(_ cases: [Case], to folder: URL) throws {
        try text(cases).write(to: folder.appendingPathComponent("cases.yaml"), atomically: true, encoding: .utf8)
        try writeRules(to: folder)
    }

    /// Writes `rules.yaml`, with the rule the cases check, into `folder`.
    static func writeRules(to folder: URL) throws {
        try rules.write(to: folder.appendingPathComponent("rules.yaml"), atomically: true, encoding: .utf8)
    }

    /// The case file holding `cases`.
    static func text(_ cases: [Case]) -> String {
        cases.map { item in
            """
            - id: \(item.id)
              title: \(item.title)
              rules: [demo.rule]
              profiles: [braze-swift]
              given: {messages: [{id: promo, triggers: [session_start]}]}
              steps: [session_start, {expect: {sequence: [{displayed: promo}]}}\(item.moreSteps.isEmpty ? "" : ", " + item.moreSteps)]

            """
        }.joined()
    }

    private static let rules = """
        - id: demo.rule
          title: A message with a Session Start trigger displays when a session starts
          kind: clarification
          source: this test

        """
}
