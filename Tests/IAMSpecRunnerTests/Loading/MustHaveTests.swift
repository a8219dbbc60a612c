import Foundation
import IAMSpec
import Testing

@testable import IAMSpecRunner

/// Every message key, config key, step and observation of `Specs/README.md` is either named by a
/// capability (``Capability/neededBy``: an engine may lack it) or listed, with its reason, in the
/// README's "What every engine must have", and not both; so a step an engine may lack cannot
/// go without a capability unnoticed, as `push_click` once did.
///
/// A capability names a message or config key when its words hold the key in code (`` `delay` ``,
/// `` `delegate: implemented` ``). It names a step or an observation only when it names the whole
/// of it: not the trigger of the same name (`` a `push_click` trigger ``), nor a variant of it
/// (`` `session_start: {sync: pending}` ``, `` a `stacked` pattern with reason `background` ``).
@Suite struct MustHaveTests {
    /// What the README's tables name.
    enum Category: String, CaseIterable, CustomStringConvertible {
        case messageKey = "message key"
        case configKey = "config key"
        case step
        case observation

        var description: String { rawValue }
    }

    static let readme: [Substring] = {
        let url = URL(fileURLWithPath: FixturePaths.root).deletingLastPathComponent()
            .appendingPathComponent("Specs/README.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }()

    /// The rows of the first table after the heading, header and delimiter left out, each split
    /// into its cells (a `\|` is a `|` within a cell).
    static func table(after heading: String) -> [[String]] {
        guard let start = readme.firstIndex(where: { $0 == heading }) else { return [] }
        let rows = readme[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return rows.dropFirst(2).map { row in
            var cells: [String] = []
            var cell = ""
            var escaped = false
            for character in row.dropFirst() {
                if escaped {
                    cell.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "|" {
                    cells.append(cell.trimmingCharacters(in: .whitespaces))
                    cell = ""
                } else {
                    cell.append(character)
                }
            }
            return cells
        }
    }

    /// The names a cell's code spans start with (`` `session_start: {sync: pending}` ``: `session_start`).
    static func names(in cell: String) -> [String] {
        var names: [String] = []
        for (index, span) in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        where index % 2 == 1 {
            let name = String(span.prefix { $0.isLetter || $0 == "_" })
            if !name.isEmpty, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The names of each category, as the README's tables list them.
    static func readmeNames() -> [Category: [String]] {
        func column(_ heading: String, _ column: Int, firstOnly: Bool = false) -> [String] {
            table(after: heading).flatMap { row in
                let names = row.count > column ? names(in: row[column]) : []
                return firstOnly ? Array(names.prefix(1)) : names
            }
        }
        return [
            .messageKey: column("### `given.messages`", 0),
            .configKey: column("### `given.config`", 0),
            .step: column("## Steps", 0),
            .observation: column("## Observations and expectations", 1, firstOnly: true),
        ]
    }

    /// The must-haves: each name with its category and its reason.
    static func mustHaves() -> [(name: String, category: String, reason: String)] {
        table(after: "### What every engine must have").flatMap { row in
            names(in: row.first ?? "").map { ($0, row.count > 1 ? row[1] : "", row.count > 2 ? row[2] : "") }
        }
    }

    /// Whether the capability's words name the whole of the item (see above).
    static func capability(_ capability: Capability, names name: String, as category: Category) -> Bool {
        let text = capability.neededBy
        switch category {
        case .messageKey, .configKey:
            return text.contains("`\(name)`") || text.contains("`\(name):")
        case .step, .observation:
            var rest = text[...]
            while let found = rest.range(of: "`\(name)`") {
                rest = rest[found.upperBound...]
                if ![" trigger", " step with", " pattern with"].contains(where: rest.hasPrefix) { return true }
            }
            return false
        }
    }

    @Test func theReadmeListsEverythingTheLoaderKnows() {
        let names = Self.readmeNames()
        #expect(Set(names[.messageKey] ?? []) == Set(CaseDecoder.messageKeys.names))
        #expect(Set(names[.configKey] ?? []) == Set(CaseDecoder.configKeys.names))
        #expect(Set(names[.step] ?? []) == Set(StimulusKind.steps.map(\.nameText) + ["expect"]))
        #expect(Set(names[.observation] ?? []) == Set(ObservationKind.patterns.map(\.nameText)))
    }

    @Test func eachIsNamedByACapabilityOrIsAMustHaveAndNotBoth() {
        let mustHaves = Self.mustHaves()
        #expect(!mustHaves.isEmpty, "Specs/README.md has a table under \"### What every engine must have\"")
        for (category, names) in Self.readmeNames() {
            for name in names {
                let listed = mustHaves.contains { $0.name == name && $0.category == category.rawValue }
                let namedBy = Capability.allCases.filter { Self.capability($0, names: name, as: category) }
                let capabilities = namedBy.map(\.rawValue).joined(separator: ", ")
                #expect(
                    listed || !namedBy.isEmpty,
                    "the \(category) `\(name)` is neither named by a capability (Capability.neededBy) nor listed in Specs/README.md, \"What every engine must have\""
                )
                #expect(
                    !listed || namedBy.isEmpty,
                    "the \(category) `\(name)` is a must-have, but \(capabilities) names it"
                )
            }
        }
    }

    @Test func eachMustHaveIsSomethingTheReadmeNamesWithItsReason() {
        let names = Self.readmeNames()
        for mustHave in Self.mustHaves() {
            let category = Category(rawValue: mustHave.category)
            #expect(category != nil, "`\(mustHave.name)`: \"\(mustHave.category)\" is not one of \(Category.allCases)")
            if let category {
                #expect(names[category]?.contains(mustHave.name) == true, "`\(mustHave.name)` is not a \(category)")
            }
            #expect(!mustHave.reason.isEmpty, "`\(mustHave.name)` has no reason")
        }
    }

    @Test func eachStepKindsCapabilityNamesIt() {
        for kind in StimulusKind.steps {
            if let capability = kind.capability {
                #expect(
                    Self.capability(capability, names: kind.nameText, as: .step),
                    "\(capability.rawValue) does not name the `\(kind.nameText)` step"
                )
            }
        }
    }
}
