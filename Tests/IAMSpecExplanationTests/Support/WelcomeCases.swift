/// The text of a case file whose cases each expect the message `welcome` displayed at session
/// start, one case per id (title `Case ID`, rule `area.rule`): what the replay tests write to
/// read their cases from again.
enum WelcomeCases {
    static func text(_ ids: [String]) -> String {
        ids.map { id in
            """
            - id: \(id)
              title: Case \(id)
              rules: [area.rule]
              given:
                messages:
                  - id: welcome
                    triggers: [session_start]
              steps:
                - session_start
                - expect:
                    sequence: [displayed: welcome]

            """
        }
        .joined()
    }
}
