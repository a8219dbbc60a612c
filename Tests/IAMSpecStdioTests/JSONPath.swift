import IAMSpecPortable

@testable import IAMSpecStdio

/// A place in a JSON value, for tests that change one place of a message.
struct JSONPath: Hashable, CustomStringConvertible {
    enum Component: Hashable {
        case key(String)
        case index(Int)
    }

    var components: [Component] = []

    /// The path of a key inside this place.
    func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    /// The path of an element inside this place.
    func appending(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    /// As ``WireFormatError/path`` writes it: `observations[0].reason`; empty for the message.
    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : ".\(key)"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

extension JSONValue {
    /// The value with the place at `path` set to `newValue`, or removed when it is nil (a key
    /// from its object; an element from its array).
    func setting(_ path: JSONPath, to newValue: JSONValue?) -> JSONValue {
        setting(path.components[...], to: newValue)
    }

    private func setting(_ path: ArraySlice<JSONPath.Component>, to newValue: JSONValue?) -> JSONValue {
        guard let first = path.first else { return newValue ?? .null }
        let rest = path.dropFirst()
        switch (self, first) {
        case (.object(var fields), .key(let key)):
            if rest.isEmpty && newValue == nil {
                fields[key] = nil
            } else {
                fields[key] = (fields[key] ?? .null).setting(rest, to: newValue)
            }
            return .object(fields)
        case (.array(var elements), .index(let index)):
            if rest.isEmpty && newValue == nil {
                elements.remove(at: index)
            } else {
                elements[index] = elements[index].setting(rest, to: newValue)
            }
            return .array(elements)
        default:
            preconditionFailure("no place \(first) in \(excerpt)")
        }
    }
}
