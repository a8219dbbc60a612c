import IAMSpec
import IAMSpecPlatform

/// Rewrites one case file written for an earlier format (0.1.0) to the current one, editing its
/// text at the places libyaml marks and leaving the rest (comments, anchors, layout) as written.
///
/// It names the rules of each expectation that names none in a case with several rules (as the
/// plan derived them), turns an expectation's `rules` naming rules outside the case into `setup`
/// (or keeps only the case's), drops from the case's rules one gated by a capability nothing in
/// the case uses, drops from `requires` a capability nothing in the case uses, and adds to or
/// drops from `requires` the behavioural capabilities the needs proof asks for.
package struct CaseFileMigration: Sendable {
    /// One change made, at the place it was made in the file as it was.
    package struct Change: Sendable, CustomStringConvertible {
        package var location: SourceLocation
        package var text: String

        /// `path:line:col: changed: what`.
        package var description: String {
            "\(QuotedText.line(location.description)): changed: \(QuotedText.line(text))"
        }
    }

    package let file: String
    /// The file's bytes as they were read, which the file must still hold when it is replaced.
    package private(set) var readBytes: [UInt8] = []
    /// The file's bytes with every change made, in the encoding it was read in; nil when nothing
    /// changes, or when the file is left as it is (see ``problems``).
    package private(set) var migratedBytes: [UInt8]?
    package private(set) var changes: [Change] = []
    /// What could not be migrated, at its place: left to the file's author.
    package private(set) var problems: [Diagnostic] = []

    /// Reads the file and works out its changes; `cases` are its cases as read in the earlier
    /// format, by id.
    ///
    /// The file is left as it is, its problem said, when it is not valid in the encoding its byte
    /// order mark names, when a run of one of its cases overran the timeout while the plan was
    /// derived, or when its edited text would not read as the planned cases (each edit is
    /// checked by reading the new text, before anything is written).
    package init(file: String, cases: [String: SpecCase], catalogue: RuleCatalogue, plan: MigrationPlan) {
        self.file = file
        let start = SourceLocation(file: file, line: 1, column: 1)
        switch YAMLFile.contents(of: file, unreadable: { "cannot read '\(file)': \($0); expected a readable file" }) {
        case .bytes(let read): readBytes = read
        case .problem(let problem):
            problems = [problem]
            return
        }
        let encoding = CaseFileEncoding(of: readBytes)
        guard let text = encoding.text(of: readBytes) else {
            problems = [
                Diagnostic(
                    "cannot migrate the file: its bytes are not valid \(encoding.name), the encoding its start names; "
                        + "expected text in one encoding; the file is left as it was",
                    at: start
                )
            ]
            return
        }
        let composition = YAMLComposer(file: file).compose(readBytes)
        guard composition.diagnostics.isEmpty else {
            problems = composition.diagnostics
            return
        }
        var edits = SourceEdits(text)
        var planned: [SpecCase] = []
        var timedOut: [Diagnostic] = []
        for root in composition.documents {
            let caseNodes: [YAMLNode] = root.sequence.map { Array($0) } ?? (root.mapping != nil ? [root] : [])
            for node in caseNodes {
                guard let mapping = node.mapping, let idNode = mapping["id"], let id = idNode.scalar?.text,
                    let specCase = cases[id], !planned.contains(where: { $0.id == id })
                else { continue }
                if let message = plan.timedOut[id] {
                    timedOut.append(
                        Diagnostic(
                            "cannot migrate case '\(id)': a run of it overran the timeout while its rules and needs "
                                + "were derived (\(message)); expected every run to end, so that nothing written is a "
                                + "guess: run `iamspec migrate` again with a longer --timeout; the file is left as it was",
                            at: idNode.mark.location(in: file)
                        )
                    )
                    continue
                }
                var expected = specCase
                migrate(specCase, mapping, plan.cases[id] ?? MigrationPlan.CaseChanges(), catalogue, &edits, &expected)
                planned.append(expected)
            }
        }
        changes.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        guard timedOut.isEmpty else {
            problems = timedOut
            changes = []
            return
        }
        guard !edits.isEmpty else { return }
        let edited = encoding.bytes(of: edits.editedText)
        if let refusal = CaseFileMigrationCheck(file: file, catalogue: catalogue, planned: planned).refusal(of: edited)
        {
            problems.append(refusal)
            changes = []
            return
        }
        migratedBytes = edited
    }

    private mutating func migrate(
        _ specCase: SpecCase,
        _ mapping: YAMLMapping,
        _ planned: MigrationPlan.CaseChanges,
        _ catalogue: RuleCatalogue,
        _ edits: inout SourceEdits,
        _ expected: inout SpecCase
    ) {
        let dropped = MigrationPlan.unusedGatedRules(of: specCase, in: catalogue)
        let caseRules = specCase.rules.filter { !dropped.contains($0) }
        let added = planned.addedRules
        if !dropped.isEmpty || !added.isEmpty, let rulesNode = mapping["rules"], let items = rulesNode.sequence {
            expected.rules = caseRules + added
            let gates = dropped.map { "'\($0)' (gated by '\(catalogue.rule($0)?.capability?.rawValue ?? "")')" }
            var said: [String] = []
            if !dropped.isEmpty {
                said.append(
                    "dropped rule \(gates.joined(separator: ", ")) from the case's rules: nothing in the case uses "
                        + "what gates it"
                )
            }
            if !added.isEmpty {
                said.append(
                    "added \(added.joined(separator: ", ")) to the case's rules: \(Self.subjectReason(added.count))"
                )
            }
            editList(
                rulesNode,
                items,
                keeping: { !dropped.contains($0) },
                adding: added,
                said: said.joined(separator: "; "),
                &edits
            )
        }
        let declared = migrateRequires(specCase, mapping, planned, &edits)
        // What the loader makes of `requires`: the needs it derives, the behavioural capabilities
        // declared, and the capabilities gating the case's rules.
        expected.requires = CapabilityNeeds.of(specCase)
            .union(declared.compactMap(Capability.init(rawValue:)).filter(Capability.behavioural.contains))
            .union(expected.rules.compactMap { catalogue.rule($0)?.capability })
        guard let stepsNode = mapping["steps"], let steps = stepsNode.sequence,
            let stepsKey = mapping.entries.first(where: { $0.value.index == stepsNode.index })?.key
        else { return }
        let migrateSteps = { (migration: inout CaseFileMigration, edits: inout SourceEdits, expected: inout SpecCase) in
            for step in steps {
                guard let stepMapping = step.mapping, let entry = stepMapping.entries.first, entry.name == "expect"
                else { continue }
                let location = step.mark.location(in: migration.file)
                let place = MigrationPlan.StepPlace(location)
                let filing = migration.migrateExpectation(
                    entry,
                    caseRules: caseRules,
                    naming: planned.namings[place],
                    adding: planned.addedSubjects[place] ?? [],
                    &edits
                )
                guard let filing,
                    let index = expected.steps.firstIndex(where: { MigrationPlan.StepPlace($0.location) == place }),
                    case .expectation(var expectation) = expected.steps[index].action
                else { continue }
                expectation.rules = filing.rules
                expectation.isSetup = filing.isSetup
                expected.steps[index].action = .expectation(expectation)
            }
        }
        let keyOffset = edits.offset(of: stepsKey.mark)
        guard edits.offset(of: stepsNode.mark) < keyOffset else {
            migrateSteps(&self, &edits, &expected)
            return
        }
        // Steps shared with an earlier case through an alias: when either case's changes touch
        // them, this case gets its own copy, written out in place of the alias, with its changes.
        guard let region = edits.blockRegion(of: steps.map(\.mark), startingAt: stepsNode.mark) else { return }
        var own = edits.withoutEdits
        let changesBefore = changes.count
        migrateSteps(&self, &own, &expected)
        guard !own.isEmpty || edits.hasEdits(in: region.range) else { return }
        let copied = own.editedText(of: region.range)
        let aliasStart = edits.offset(of: stepsKey.mark)
        let aliasEnd = edits.nextLineStart(of: aliasStart)
        let indent = edits.text(edits.lineStart(of: aliasStart)..<aliasStart)
        let reindented = SourceEdits.reindent(copied, from: region.indent, to: indent.count + 2)
        edits.replace(aliasStart..<aliasEnd, with: "steps:" + edits.lineEnd + reindented)
        // The copy's changes are said at the alias: the steps they were made to are written there.
        let named = changes[changesBefore...].map(\.text)
        changes.removeSubrange(changesBefore...)
        let said =
            named.isEmpty
            ? "" : " (\(named.count) change\(named.count == 1 ? "" : "s") in it: \(named.joined(separator: "; ")))"
        record("wrote out the steps the case shared through an alias, to name its own rules\(said)", at: stepsKey.mark)
    }

    /// Drops from `requires` what nothing in the case uses and what the proof finds unneeded, and
    /// adds what the proof finds needed; returns the names `requires` is to list.
    private mutating func migrateRequires(
        _ specCase: SpecCase,
        _ mapping: YAMLMapping,
        _ planned: MigrationPlan.CaseChanges,
        _ edits: inout SourceEdits
    ) -> [String] {
        let used = CapabilityNeeds.of(specCase)
        let keeps = { (name: String) -> Bool in
            guard let capability = Capability(rawValue: name) else { return true }
            if planned.droppedRequirements.contains(capability) { return false }
            return Capability.behavioural.contains(capability) || used.contains(capability)
        }
        let added = planned.addedRequirements.map(\.rawValue)
        guard let node = mapping["requires"], let items = node.sequence else {
            guard !added.isEmpty else { return [] }
            let anchor = [mapping["given"], mapping["steps"]].compactMap { $0 }
                .compactMap { value in mapping.entries.first { $0.value.index == value.index }?.key }
                .min { edits.offset(of: $0.mark) < edits.offset(of: $1.mark) }
            guard let anchor, edits.startsItsLine(edits.offset(of: anchor.mark)) else {
                problems.append(
                    Diagnostic(
                        "expected a case whose 'given' or 'steps' starts a line, to add `requires: "
                            + "[\(added.joined(separator: ", "))]` before it; add it by hand",
                        at: mapping.entries[0].key.mark.location(in: file)
                    )
                )
                return []
            }
            let offset = edits.offset(of: anchor.mark)
            let start = edits.lineStart(of: offset)
            edits.insert(
                edits.text(start..<offset) + "requires: [\(added.joined(separator: ", "))]" + edits.lineEnd,
                at: start
            )
            record("added `requires: [\(added.joined(separator: ", "))]`: \(Self.proofReason)", at: anchor.mark)
            return added
        }
        let names = items.compactMap { $0.scalar?.text }
        let removed = names.filter { !keeps($0) }
        let fresh = added.filter { !names.contains($0) }
        guard !removed.isEmpty || !fresh.isEmpty else { return names }
        var said: [String] = []
        for name in removed {
            let capability = Capability(rawValue: name)
            let reason =
                capability.map { Capability.behavioural.contains($0) } ?? false
                ? "no engine without it fails the case (needs proof)" : "nothing in the case uses it"
            said.append("dropped '\(name)' from `requires`: \(reason)")
        }
        if !fresh.isEmpty { said.append("added \(fresh.joined(separator: ", ")) to `requires`: \(Self.proofReason)") }
        if removed.count == names.count, fresh.isEmpty, removeEntry(keyOf: node, in: mapping, &edits) {
            record(said.joined(separator: "; "), at: node.mark)
            return []
        }
        editList(node, items, keeping: keeps, adding: fresh, said: said.joined(separator: "; "), &edits)
        return names.filter(keeps) + fresh
    }

    private static let proofReason = "an engine without it fails the case (needs proof)"

    /// Why subjects are added where a step expects observations: `count` rules added.
    private static func subjectReason(_ count: Int) -> String {
        "\(count == 1 ? "it states" : "they state") an observation a step expects, which none of the rules the "
            + "step is filed under states (a step names a rule whose subject each observation it expects is)"
    }

    /// Names the rules of one `expect` step, or mends those it names; returns the rules the step
    /// is to be filed under once edited, nil when it is not edited.
    fileprivate mutating func migrateExpectation(
        _ entry: YAMLMapping.Entry,
        caseRules: [String],
        naming: MigrationPlan.Naming?,
        adding added: [String],
        _ edits: inout SourceEdits
    ) -> MigrationPlan.Naming? {
        let value = entry.value
        let keyOffset = edits.offset(of: entry.key.mark)
        let valueOffset = edits.offset(of: value.mark)
        let addedSaid = { (list: String) in
            "added \(added.joined(separator: ", ")) to the step's `\(list)`: \(Self.subjectReason(added.count))"
        }
        if let mapping = value.mapping, let setupNode = mapping["setup"], let items = setupNode.sequence {
            guard !added.isEmpty else { return nil }
            editList(setupNode, items, keeping: { _ in true }, adding: added, said: addedSaid("setup"), &edits)
            return MigrationPlan.Naming(isSetup: true, rules: items.compactMap { $0.scalar?.text } + added)
        }
        if let mapping = value.mapping, let rulesNode = mapping["rules"], let items = rulesNode.sequence {
            let names = items.compactMap { $0.scalar?.text }
            let inCase = names.filter { caseRules.contains($0) }
            var filing: MigrationPlan.Naming?
            if inCase.isEmpty, !names.isEmpty, let key = mapping.entries.first(where: { $0.name == "rules" })?.key {
                let start = edits.offset(of: key.mark)
                edits.replace(start..<edits.tokenEnd(from: start), with: "setup")
                record(
                    "`rules` renamed `setup`: \(names.joined(separator: ", ")) are not among the case's rules, "
                        + "so this step checks the state the case sets up",
                    at: key.mark
                )
                if !added.isEmpty {
                    editList(rulesNode, items, keeping: { _ in true }, adding: added, said: addedSaid("setup"), &edits)
                }
                filing = MigrationPlan.Naming(isSetup: true, rules: names + added)
            } else if inCase.count < names.count || !added.isEmpty {
                filing = MigrationPlan.Naming(isSetup: false, rules: inCase + added)
                var said: [String] = []
                if inCase.count < names.count {
                    said.append(
                        "kept the case's own rules in the expectation's `rules`, dropping "
                            + names.filter { !caseRules.contains($0) }.joined(separator: ", ")
                    )
                }
                if !added.isEmpty { said.append(addedSaid("rules")) }
                editList(
                    rulesNode,
                    items,
                    keeping: { caseRules.contains($0) },
                    adding: added,
                    said: said.joined(separator: "; "),
                    &edits
                )
            }
            return filing
        }
        guard let naming else { return nil }
        if valueOffset < keyOffset, let written = writtenOut(value, at: valueOffset, naming: naming, edits) {
            // An expectation shared through an alias: this step gets its own copy, written out in
            // place of the alias, with the rules it names; the anchored one is left to its own step.
            let aliasStart = edits.valueStart(afterKeyAt: keyOffset)
            edits.replace(aliasStart..<edits.tokenEnd(from: aliasStart), with: written)
            record(
                "wrote out the expectation the step shared through an alias, to name its own rules: added "
                    + "`\(naming.entry)`",
                at: entry.key.mark
            )
            return naming
        }
        guard valueOffset > keyOffset else {
            problems.append(
                Diagnostic(
                    "expected an expectation written here to add `\(naming.entry)`, found an alias of one "
                        + "written elsewhere; write it out, or name its rules by hand",
                    at: entry.key.mark.location(in: file)
                )
            )
            return nil
        }
        let derived =
            naming.keepsFiling
            ? "the case's rules the step was filed under, the case taking another"
            : naming.isSetup
                ? "the behaviours failing first here break the state the case sets up"
                : "the rules of the behaviours failing first here"
        let said =
            "added `\(naming.entry)`: \(derived)"
            + (naming.subjects.isEmpty
                ? ""
                : "; \(naming.subjects.joined(separator: ", ")) named too: \(Self.subjectReason(naming.subjects.count))")
        if let scalar = value.scalar, scalar.hasText("nothing") {
            let end = edits.tokenEnd(from: valueOffset)
            edits.replace(valueOffset..<end, with: "{sequence: [], \(naming.entry)}")
            record(said, at: value.mark)
        } else if value.mapping != nil, edits[valueOffset] == "{", let close = edits.closing(valueOffset) {
            edits.insert(", \(naming.entry)", at: edits.endOfContent(from: valueOffset, to: close))
            record(said, at: value.mark)
        } else if let first = value.mapping?.entries.first {
            let offset = edits.offset(of: first.key.mark)
            edits.insert(
                naming.entry + edits.lineEnd + String(repeating: " ", count: first.key.mark.column - 1),
                at: offset
            )
            record(said, at: first.key.mark)
        } else {
            return nil
        }
        return naming
    }

    /// The text of an anchored expectation written out as a flow mapping naming `naming`'s rules,
    /// its anchor left out: `nothing`, or a flow mapping on one line. Nil for any other form
    /// (a block mapping), which is left to the file's author.
    private func writtenOut(
        _ value: YAMLNode,
        at offset: Int,
        naming: MigrationPlan.Naming,
        _ edits: SourceEdits
    )
        -> String?
    {
        var start = offset
        if edits[start] == "&" {
            while let scalar = edits[start], scalar != " ", scalar != "\t", !SourceEdits.isBreak(scalar) { start += 1 }
            while edits[start] == " " || edits[start] == "\t" { start += 1 }
        }
        if let scalar = value.scalar, scalar.hasText("nothing") { return "{sequence: [], \(naming.entry)}" }
        guard value.mapping != nil, edits[start] == "{", let close = edits.closing(start) else { return nil }
        let copied = edits.text(start..<close + 1)
        guard !copied.unicodeScalars.contains(where: { SourceEdits.isBreak($0) || $0 == "#" }) else { return nil }
        let end = edits.endOfContent(from: start, to: close)
        let separator = end == start + 1 ? "" : ", "
        return edits.text(start..<end) + separator + naming.entry + edits.text(end..<close + 1)
    }

    /// Rewrites a list of names: a flow list in place (`[a, b]`), a block list line by line.
    private mutating func editList(
        _ node: YAMLNode,
        _ items: YAMLSequence,
        keeping keeps: (String) -> Bool,
        adding added: [String],
        said: String,
        _ edits: inout SourceEdits
    ) {
        let start = edits.offset(of: node.mark)
        if edits[start] == "[", let close = edits.closing(start) {
            let kept = items.filter { item in item.scalar.map { keeps($0.text) } ?? true }.map { item in
                let offset = edits.offset(of: item.mark)
                return edits.text(offset..<edits.tokenEnd(from: offset))
            }
            edits.replace(start..<close + 1, with: "[" + (kept + added).joined(separator: ", ") + "]")
        } else {
            var last = start
            for item in items {
                let offset = edits.offset(of: item.mark)
                last = max(last, offset)
                guard let name = item.scalar?.text, !keeps(name) else { continue }
                let lineStart = edits.lineStart(of: offset)
                edits.replace(lineStart..<edits.nextLineStart(of: offset), with: "")
            }
            if !added.isEmpty {
                let lineStart = edits.lineStart(of: last)
                let dash = edits.text(lineStart..<last)
                edits.insert(added.map { dash + $0 + edits.lineEnd }.joined(), at: edits.nextLineStart(of: last))
            }
        }
        record(said, at: node.mark)
    }

    /// Removes a whole entry (its key's line to the end of its value), when its key starts a line;
    /// false when it does not.
    private func removeEntry(keyOf value: YAMLNode, in mapping: YAMLMapping, _ edits: inout SourceEdits) -> Bool {
        guard let key = mapping.entries.first(where: { $0.value.index == value.index })?.key,
            edits.startsItsLine(edits.offset(of: key.mark))
        else { return false }
        let keyOffset = edits.offset(of: key.mark)
        let valueOffset = edits.offset(of: value.mark)
        var end = valueOffset
        if edits[valueOffset] == "[", let close = edits.closing(valueOffset) {
            end = close
        } else if let items = value.sequence {
            end = items.map { edits.offset(of: $0.mark) }.max() ?? valueOffset
        }
        edits.replace(edits.lineStart(of: keyOffset)..<edits.nextLineStart(of: end), with: "")
        return true
    }

    private mutating func record(_ text: String, at mark: YAMLMark) {
        changes.append(Change(location: mark.location(in: file), text: text))
    }
}
