/// A step, trigger or event as written: a bare name, or a mapping with one key and its value.
struct OneKeyForm {
    /// The name, as the names it must be one of hold it (the same text, not made anew).
    let name: String
    /// The name's position among those names.
    let position: Int
    /// Where the name is written.
    let nameNode: YAMLNode
    /// The value after the key; nil for a bare name.
    let argument: YAMLNode?
}

extension CaseDecoder {
    /// Reads a bare name or a one-key mapping (a `noun` such as "step"), checking the name is one of `names`.
    mutating func oneKeyForm(_ node: YAMLNode, of noun: String, names: KeySet) -> OneKeyForm? {
        let nameNode: YAMLNode
        let argument: YAMLNode?
        switch node.content {
        case .scalar(let scalar) where scalar.value == .string:
            (nameNode, argument) = (node, nil)
        case .mapping(let mapping) where mapping.entries.count == 1:
            let entry = mapping.entries[0]
            (nameNode, argument) = (entry.key, entry.value)
        case .mapping(let mapping):
            let keys = mapping.entries.map(\.name).joined(separator: ", ")
            reader.report(
                "expected a \(noun): a bare name or a mapping with one key, found a mapping with "
                    + "\(mapping.entries.count) keys (\(keys))",
                at: node
            )
            return nil
        case .scalar, .sequence:
            reader.report("expected a \(noun): a bare name or a mapping with one key, found \(node.summary)", at: node)
            return nil
        }
        guard let position = names.position(of: nameNode) else {
            let name = nameNode.document.string(of: nameNode.index)
            let hint = Suggestion.hint(for: name, among: names.names)
            reader.report(
                "unknown \(noun) '\(name)'; expected one of: \(names.listing)\(hint)",
                at: nameNode
            )
            return nil
        }
        return OneKeyForm(name: names.names[position], position: position, nameNode: nameNode, argument: argument)
    }

    /// Whether the form is a bare name, as a name that takes nothing must be.
    mutating func noArgument(_ form: OneKeyForm) -> Bool {
        guard let argument = form.argument else { return true }
        reader.report(
            "'\(form.name)' takes no value, found \(argument.summary); expected the bare name '\(form.name)'",
            at: argument
        )
        return false
    }

    /// The form's value, which the name needs.
    mutating func needArgument(_ form: OneKeyForm, written: @autoclosure () -> String) -> YAMLNode? {
        if let argument = form.argument { return argument }
        reader.report("'\(form.name)' needs a value; expected '\(written())'", at: form.nameNode)
        return nil
    }
}
