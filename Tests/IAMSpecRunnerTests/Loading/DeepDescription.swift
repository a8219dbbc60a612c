import Foundation

/// Every stored value of a value, written out in full (private fields and objects' fields too),
/// a dictionary's or set's entries sorted: two values are written alike exactly when they hold
/// the same, whatever their types' `Equatable` (`SpecCase` has none) compares.
enum DeepDescription {
    static func of(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case nil:
            return String(reflecting: value)
        case .dictionary?, .set?:
            return "[" + mirror.children.map { of($0.value) }.sorted().joined(separator: ", ") + "]"
        case .enum? where mirror.children.isEmpty:
            return "\(mirror.subjectType).\(value)"
        default:
            let children = mirror.children.map { "\($0.label ?? "_"): \(of($0.value))" }
            return "\(mirror.subjectType)(\(children.joined(separator: ", ")))"
        }
    }
}
