import IAMSpec

extension CaseDecoder {
    /// The operators a condition is written with, in the order an unknown one's diagnostic lists
    /// them.
    enum ComparisonOperator: String, CaseIterable {
        case equals
        case notEquals = "not_equals"
        case greaterThan = "greater_than"
        case lessThan = "less_than"
        case atLeast = "at_least"
        case atMost = "at_most"
        case matches
        case doesNotMatch = "does_not_match"
        case exists
        case doesNotExist = "does_not_exist"
        case withinLast = "within_last"
        case moreThanAgo = "more_than_ago"
        case lessThanInFuture = "less_than_in_future"
        case moreThanInFuture = "more_than_in_future"
    }

    static let comparisonOperators = ComparisonOperator.allCases.map(\.rawValue)
    static let operatorKeys = KeySet(comparisonOperators)
    static let conditionKeys = KeySet(["property"] + comparisonOperators)
    static let timeValueKeys = KeySet(["time"])

    /// `filters`: a list whose elements are conditions or OR-groups (lists of conditions).
    mutating func decodeFilters(_ node: YAMLNode) -> PropertyFilters? {
        let problemsBefore = reader.diagnostics.count
        guard let items = reader.list(node, for: "'filters'") else { return nil }
        var groups: [[PropertyCondition]] = []
        for item in items {
            if item.sequence != nil {
                guard let alternatives = reader.list(item, for: "an OR-group in 'filters'", nonEmpty: true) else {
                    continue
                }
                groups.append(alternatives.compactMap { condition($0) })
            } else if item.mapping != nil {
                groups.append(condition(item).map { [$0] } ?? [])
            } else {
                reader.report(
                    "expected a condition (a mapping) or an OR-group (a list of conditions) in 'filters', "
                        + "found \(item.summary)",
                    at: item
                )
            }
        }
        return reader.diagnostics.count == problemsBefore ? PropertyFilters(groups: groups) : nil
    }

    private mutating func condition(_ node: YAMLNode) -> PropertyCondition? {
        guard let mapping = reader.mapping(node, for: "a condition") else { return nil }
        reader.checkKeys(mapping, Self.conditionKeys, in: "a condition")
        let property = reader.required("property", of: mapping, in: "a condition", at: node).flatMap {
            reader.string($0, for: "'property'")
        }
        let operators = mapping.entries.compactMap { entry in
            Self.operatorKeys.position(of: entry.key).map { (entry: entry, name: ComparisonOperator.allCases[$0]) }
        }
        guard operators.count == 1 else {
            if operators.isEmpty {
                reader.report(
                    "missing an operator in a condition; expected one of: \(Self.operatorKeys.listing)",
                    at: node
                )
            } else {
                let found = operators.map { "'\($0.entry.name)'" }.joined(separator: ", ")
                reader.report(
                    "expected exactly one operator in a condition, found \(found)",
                    at: operators[1].entry.key
                )
            }
            return nil
        }
        guard let comparison = comparison(operators[0].name, operators[0].entry.value), let property else {
            return nil
        }
        return PropertyCondition(property: property, comparison: comparison)
    }

    private mutating func comparison(_ comparison: ComparisonOperator, _ operand: YAMLNode) -> PropertyComparison? {
        let name = comparison.rawValue
        switch comparison {
        case .equals: return propertyValue(operand, for: "'\(name)'").map { .equals($0) }
        case .notEquals: return propertyValue(operand, for: "'\(name)'").map { .notEquals($0) }
        case .greaterThan: return reader.number(operand, for: "'\(name)'").map { .greaterThan($0) }
        case .lessThan: return reader.number(operand, for: "'\(name)'").map { .lessThan($0) }
        case .atLeast: return reader.number(operand, for: "'\(name)'").map { .atLeast($0) }
        case .atMost: return reader.number(operand, for: "'\(name)'").map { .atMost($0) }
        case .matches: return regularExpression(operand, for: "'\(name)'").map { .matches(regex: $0) }
        case .doesNotMatch: return regularExpression(operand, for: "'\(name)'").map { .doesNotMatch(regex: $0) }
        case .exists: return isTrue(operand, for: "'\(name)'") ? .exists : nil
        case .doesNotExist: return isTrue(operand, for: "'\(name)'") ? .doesNotExist : nil
        case .withinLast: return reader.seconds(operand, for: "'\(name)'").map { .withinLast($0) }
        case .moreThanAgo: return reader.seconds(operand, for: "'\(name)'").map { .moreThanAgo($0) }
        case .lessThanInFuture: return reader.seconds(operand, for: "'\(name)'").map { .lessThanInFuture($0) }
        case .moreThanInFuture: return reader.seconds(operand, for: "'\(name)'").map { .moreThanInFuture($0) }
        }
    }

    private mutating func isTrue(_ node: YAMLNode, for subject: @autoclosure () -> String) -> Bool {
        if case .bool(true)? = node.scalar?.value { return true }
        reader.report("expected true for \(subject()), found \(node.summary)", at: node)
        return false
    }

    /// A regular expression, compiled once here so a bad one is reported at load; one whose
    /// character classes may nest too deep for the parser's stack is refused before it is parsed.
    private mutating func regularExpression(_ node: YAMLNode, for subject: @autoclosure () -> String) -> String? {
        guard let pattern = reader.string(node, for: subject()) else { return nil }
        let limit = PropertyComparison.maximumPatternNesting
        let levels = PropertyComparison.classNestingBound(ofPattern: pattern)
        guard levels <= limit else {
            reader.report(
                "regular expression for \(subject()) too deep: found \(levels) '[' and set operators "
                    + "('--', '&&', '~~'), each a possible level of character class; expected at most \(limit)",
                at: node
            )
            return nil
        }
        do {
            _ = try Regex(pattern)
            return pattern
        } catch {
            reader.report(
                "invalid regular expression \(YAMLScalar.quoted(pattern)) for \(subject()): \(error)",
                at: node
            )
            return nil
        }
    }

    /// An event property's value, or an `equals` operand: a string, integer, real, boolean or `{time: SECONDS}`.
    mutating func propertyValue(_ node: YAMLNode, for subject: @autoclosure () -> String) -> PropertyValue? {
        switch node.content {
        case .scalar(let scalar):
            switch scalar.value {
            case .string: return .string(scalar.text)
            case .int(let value): return .integer(value)
            case .bool(let value): return .boolean(value)
            case .float(let value) where value.isFinite && !scalar.isIntegerBeyond64Bits: return .real(value)
            case .float where scalar.isIntegerBeyond64Bits:
                // Read as the nearest real, it would match what a real matches, not an integer.
                reader.report(
                    "expected an integer within 64 bits for \(subject()), found \(node.summary); "
                        + "write it as a real (with a decimal point) to compare it as a real",
                    at: node
                )
                return nil
            case .float, .null: break
            }
        case .mapping(let mapping):
            reader.checkKeys(mapping, Self.timeValueKeys, in: "a time value")
            return reader.required("time", of: mapping, in: "a time value", at: node).flatMap {
                reader.seconds($0, for: "'time'").map { .time($0) }
            }
        case .sequence:
            break
        }
        reader.report(
            "expected a value (a string, integer, real, boolean or {time: SECONDS}) for \(subject()), "
                + "found \(node.summary)",
            at: node
        )
        return nil
    }

    /// `properties`: a mapping of property name to value.
    mutating func decodeProperties(_ node: YAMLNode) -> [String: PropertyValue]? {
        guard let mapping = reader.mapping(node, for: "'properties'") else { return nil }
        var properties: [String: PropertyValue] = [:]
        var valid = reader.checkNamesStayDistinct(mapping, names: "property")
        for entry in mapping.entries {
            if let value = propertyValue(entry.value, for: "property '\(entry.name)'") {
                properties[entry.name] = value
            } else {
                valid = false
            }
        }
        return valid ? properties : nil
    }
}
