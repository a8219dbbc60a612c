import IAMSpec

/// A message an `expect` step wanted displayed, and did not find in its window, that the engine
/// displayed later in the same run: the failing run's report says so (`promo: displayed later,
/// at +30 s`), which tells a late display from a missing one.
///
/// The run's timeline stops at the failing step; to find a later display the executor runs on,
/// once the check has failed: it sends the rest of the case's requests, in the order the run
/// would have sent them had every step passed (each stimulus, and the stack inspection of each
/// `expect` that checks the stack, so that an engine sent them ahead, `LookaheadEngine`, gets
/// exactly what it was told), and checks nothing more. It does so only for a failed `sequence` or
/// `contains` with a `displayed` pattern of a message the window did not display, so a run that
/// passes, or fails otherwise, costs nothing more.
package enum LaterDisplay {
    /// The messages whose `displayed` pattern is in `expectation`'s failed `check` (`sequence` or
    /// `contains`) and that `window` did not display, in the patterns' order; empty for any
    /// other check.
    package static func missing(
        from expectation: Expectation,
        check: CaseResult.Kind,
        window: ArraySlice<Observation>
    ) -> [MessageID] {
        let patterns: [ObservationPattern]
        switch check {
        case .sequence: patterns = expectation.sequence ?? []
        case .contains: patterns = expectation.contains ?? []
        case .absent, .stack, .nondeterministic, .engine, .timeout, .stackAnswer, .interrupted, .declined,
            .expectedFailure, .unexpectedPass:
            return []
        }
        var missing: [MessageID] = []
        for pattern in patterns {
            guard case .displayed(.id(let id), _) = pattern, !missing.contains(id) else { continue }
            let shown = window.contains { observation in
                if case .displayed(let displayed, _) = observation { return displayed == id }
                return false
            }
            if !shown { missing.append(id) }
        }
        return missing
    }

    /// What running on found: the note for the failure's message (empty when none of the
    /// messages was displayed later), and whether the engine threw `EngineError` on the way (the
    /// run then does not end its case, as after any engine failure).
    package struct Finding: Sendable, Equatable {
        /// `; promo: displayed later, at +30 s`, or empty.
        package var note: String
        /// The engine threw `EngineError` while the run went on.
        package var engineFailed: Bool
    }

    /// Runs on after the `expect` at `index` of `steps` failed its window check (so its stack
    /// inspection, if it checks the stack, was not sent), looking for a `displayed` of each of
    /// `messages`; stops at the first step the engine declines or fails, or once each was found.
    /// The stack is inspected only `inspectingTheStack` (an engine without `stack-inspection` is
    /// never sent the inspection).
    package static func runOn<Engine: DeliveryEngine>(
        after index: Int,
        of steps: UnsafeBufferPointer<Step>,
        seeking messages: [MessageID],
        inspectingTheStack: Bool,
        engine: inout Engine
    ) -> Finding {
        var start = VirtualTime.zero
        for earlier in steps[..<index] {
            if case .stimulus(.timeAdvanced(let span)) = earlier.action { start = start + span }
        }
        var time = start
        var found: [MessageID: (at: VirtualTime, during: Bool)] = [:]
        var requests: [(stimulus: Stimulus, step: Int)] = []
        if inspectingTheStack, case .expectation(let failing) = steps[index].action, failing.stack != nil {
            requests.append((.stackInspected, index))
        }
        var next = index + 1
        func nextRequest() -> (stimulus: Stimulus, step: Int)? {
            if !requests.isEmpty { return requests.removeFirst() }
            while next < steps.count {
                defer { next += 1 }
                switch steps[next].action {
                case .stimulus(let stimulus): return (stimulus, next)
                case .expectation(let expectation) where inspectingTheStack && expectation.stack != nil:
                    return (.stackInspected, next)
                case .expectation: continue
                }
            }
            return nil
        }
        while found.count < messages.count, let (stimulus, _) = nextRequest() {
            let observations: [Observation]
            do {
                observations = try engine.handle(stimulus)
            } catch is CaseSkipped {
                break
            } catch {
                return Finding(note: note(messages, found, start: start), engineFailed: true)
            }
            var during = false
            if case .timeAdvanced(let span) = stimulus {
                time = time + span
                during = true
            }
            guard stimulus != .stackInspected else { continue }
            for observation in observations {
                if case .displayed(let id, _) = observation, messages.contains(id), found[id] == nil {
                    found[id] = (time, during)
                }
            }
        }
        return Finding(note: note(messages, found, start: start), engineFailed: false)
    }

    /// `; promo: displayed later, at +30 s; banner: displayed later, by +10 s` (`by` when it came
    /// during an `advance`, whose end is the time given), in the order of `messages`.
    private static func note(
        _ messages: [MessageID],
        _ found: [MessageID: (at: VirtualTime, during: Bool)],
        start: VirtualTime
    ) -> String {
        messages.compactMap { id in
            found[id].map {
                "; \(CaseSyntax.plain.id(id)): displayed later, \($0.during ? "by" : "at") +\($0.at - start) s"
            }
        }.joined()
    }
}
