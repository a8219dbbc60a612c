import IAMSpec

/// Reads typed values out of YAML nodes, collecting a diagnostic (what was found, what was
/// expected, where) whenever a node is not what the case format asks for.
struct NodeReader {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }

    mutating func report(_ message: String, at node: YAMLNode) {
        report(message, at: node.mark)
    }

    mutating func report(_ message: String, at mark: YAMLMark) {
        diagnostics.append(Diagnostic(message, at: mark.location(in: file)))
    }

    func location(of node: YAMLNode) -> SourceLocation {
        node.mark.location(in: file)
    }

    mutating func mapping(_ node: YAMLNode, for subject: @autoclosure () -> String) -> YAMLMapping? {
        if let mapping = node.mapping { return mapping }
        report("expected a mapping for \(subject()), found \(node.summary)", at: node)
        return nil
    }

    mutating func list(
        _ node: YAMLNode,
        for subject: @autoclosure () -> String,
        nonEmpty: Bool = false
    ) -> YAMLSequence? {
        guard let items = node.sequence else {
            report("expected a list for \(subject()), found \(node.summary)", at: node)
            return nil
        }
        if nonEmpty && items.isEmpty {
            report("expected a non-empty list for \(subject()), found an empty list", at: node)
            return nil
        }
        return items
    }

    /// The list a catalogue file holds (`rules.yaml`, `seeds.yaml`): one document, a list of
    /// `items`; a diagnostic for a second document, for none, or for a document that is no list.
    mutating func catalogueList(_ documents: [YAMLNode], of items: String, in catalogue: String) -> YAMLSequence? {
        let nonEmpty = documents.filter { !$0.isEmptyNull }
        if nonEmpty.count > 1 {
            report("expected one document in \(catalogue), found \(nonEmpty.count)", at: nonEmpty[1])
        }
        guard let root = nonEmpty.first else {
            report("expected a list of \(items) in \(catalogue), found no document", at: YAMLMark(line: 1, column: 1))
            return nil
        }
        return list(root, for: catalogue)
    }

    mutating func string(_ node: YAMLNode, for subject: @autoclosure () -> String) -> String? {
        if let scalar = node.scalar, scalar.value == .string { return scalar.text }
        report("expected a string for \(subject()), found \(node.summary)", at: node)
        return nil
    }

    mutating func nonEmptyString(_ node: YAMLNode, for subject: @autoclosure () -> String) -> String? {
        guard let text = string(node, for: subject()) else { return nil }
        if text.isEmpty {
            report("expected a non-empty string for \(subject()), found an empty string", at: node)
            return nil
        }
        return text
    }

    mutating func integer(_ node: YAMLNode, for subject: @autoclosure () -> String) -> Int64? {
        if case .int(let value)? = node.scalar?.value { return value }
        let integer = node.scalar?.isIntegerBeyond64Bits == true ? "an integer within 64 bits" : "an integer"
        report("expected \(integer) for \(subject()), found \(node.summary)", at: node)
        return nil
    }

    /// An integer or a finite real.
    mutating func number(_ node: YAMLNode, for subject: @autoclosure () -> String) -> Double? {
        switch node.scalar?.value {
        case .int(let value)?: return Double(value)
        case .float(let value)? where value.isFinite: return value
        case .float?:
            report("expected a finite number for \(subject()), found \(node.summary)", at: node)
            return nil
        case .null?, .bool?, .string?, nil:
            report("expected a number for \(subject()), found \(node.summary)", at: node)
            return nil
        }
    }

    mutating func boolean(_ node: YAMLNode, for subject: @autoclosure () -> String) -> Bool? {
        if case .bool(let value)? = node.scalar?.value { return value }
        report("expected a boolean (true or false) for \(subject()), found \(node.summary)", at: node)
        return nil
    }

    /// One of an enumeration's names, with a suggestion when the name is a near miss.
    mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ node: YAMLNode,
        for subject: @autoclosure () -> String
    ) -> Value? where Value.RawValue == String {
        if let scalar = node.scalar, scalar.value == .string, let value = Value(rawValue: scalar.text) {
            return value
        }
        reportUnknownWord(node, among: Value.allCases.map(\.rawValue), for: subject())
        return nil
    }

    /// One of these words, with a suggestion when the word is a near miss.
    mutating func word(_ node: YAMLNode, among words: [String], for subject: @autoclosure () -> String) -> String? {
        if let scalar = node.scalar, scalar.value == .string, words.contains(scalar.text) { return scalar.text }
        reportUnknownWord(node, among: words, for: subject())
        return nil
    }

    private mutating func reportUnknownWord(_ node: YAMLNode, among words: [String], for subject: String) {
        let hint = node.scalar.map { Suggestion.hint(for: $0.text, among: words) } ?? ""
        report(
            "expected one of \(words.joined(separator: ", ")) for \(subject), found \(node.summary)\(hint)",
            at: node
        )
    }

    /// Reports every key the mapping may not hold; with `ignoringExtensions`, `x-` keys are allowed.
    mutating func checkKeys(
        _ mapping: YAMLMapping,
        _ keys: KeySet,
        in subject: @autoclosure () -> String,
        ignoringExtensions: Bool = false
    ) {
        for entry in mapping.entries where !keys.contains(key: entry.key) {
            let name = entry.name
            if ignoringExtensions && name.hasPrefix("x-") { continue }
            let hint = Suggestion.hint(for: name, among: keys.names)
            report("unknown key '\(name)' in \(subject()); expected one of: \(keys.listing)\(hint)", at: entry.key)
        }
    }

    /// Reports each key that is canonically equivalent to an earlier key of the mapping but written
    /// with other Unicode scalars (`café` with U+00E9, then with `e` + U+0301). YAML keeps both
    /// keys, but the case model holds names as Swift strings, which compare canonically and would
    /// make them one name. True when every name stays distinct.
    mutating func checkNamesStayDistinct(_ mapping: YAMLMapping, names noun: String) -> Bool {
        // ASCII names are their own normal forms, and the composer keeps no two keys alike.
        if mapping.entries.allSatisfy({ $0.key.document.isASCII($0.key.index) }) { return true }
        var earlier: [String: YAMLMapping.Entry] = [:]
        var distinct = true
        for entry in mapping.entries {
            guard let first = earlier[entry.name] else {
                earlier[entry.name] = entry
                continue
            }
            distinct = false
            let mark = first.key.mark
            report(
                "\(noun) '\(entry.name)' differs from the \(noun) '\(first.name)' at line \(mark.line), column "
                    + "\(mark.column) only in Unicode normalisation; expected names that stay distinct when "
                    + "normalised (the case model compares names as Swift strings do, canonically)",
                at: entry.key
            )
        }
        return distinct
    }

    /// The value of a key the mapping must hold; a diagnostic at the mapping when it is missing.
    mutating func required(
        _ key: StaticString,
        of mapping: YAMLMapping,
        in subject: @autoclosure () -> String,
        at node: YAMLNode
    ) -> YAMLNode? {
        if let value = mapping[key] { return value }
        report("missing required key '\(key)' in \(subject())", at: node)
        return nil
    }
}
