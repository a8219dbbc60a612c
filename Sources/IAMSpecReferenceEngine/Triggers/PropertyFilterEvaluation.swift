import IAMSpec

/// Decides whether an event's properties pass a trigger's property filters.
///
/// "A filter set is an AND of OR-groups" and "Types must match exactly: the string "5" never
/// equals the number 5" (semantics notes, property filters). Apart from `not_equals`,
/// `does_not_match` and `does_not_exist`, every condition on an absent property is false.
struct PropertyFilterEvaluation {
    /// The compiled regular expressions of the `matches` / `does_not_match` conditions.
    let regexes: RegexLibrary
    let rules: PropertyFilterRules

    /// Whether every group holds, a group holding when any one of its conditions holds.
    ///
    /// `now` is the event's virtual time, the reference of the time operators. Throws where a
    /// number condition the evaluation reaches cannot read its value, under rules where that
    /// drops the event (``PropertyFilterRules/unreadableNumberDropsEvent``).
    func passes(
        _ filters: PropertyFilters,
        properties: [String: PropertyValue],
        at now: VirtualTime
    ) throws(UnreadableNumber) -> Bool {
        for group in filters.groups {
            guard try holds(group, properties: properties, at: now) else { return false }
        }
        return true
    }

    /// Whether one OR-group holds: any one of its conditions, or every one of them, as the rules
    /// say; the conditions are checked in order until one decides.
    private func holds(
        _ group: [PropertyCondition],
        properties: [String: PropertyValue],
        at now: VirtualTime
    ) throws(UnreadableNumber) -> Bool {
        let needsEvery = rules.orGroupNeeds == .everyCondition
        for condition in group {
            let value = Self.value(of: condition.property, in: properties)
            if rules.unreadableNumberDropsEvent, Self.readsAnInteger(condition.comparison), let value,
                !Self.isIntegerText(value)
            {
                throw UnreadableNumber()
            }
            let holding = holds(condition.comparison, for: value, at: now)
            if holding != needsEvery { return holding }
        }
        return needsEvery
    }

    /// Whether the comparison reads its value as an integer where a value's text is read
    /// (``PropertyFilterRules/unreadableNumberDropsEvent``): greater or less than a number, or
    /// equality with an integer (Swrve's `number_gt`, `number_lt` and `number_eq`).
    private static func readsAnInteger(_ comparison: PropertyComparison) -> Bool {
        switch comparison {
        case .greaterThan, .lessThan: true
        case .equals(let operand):
            if case .integer = operand { true } else { false }
        case .atLeast, .atMost, .notEquals, .matches, .doesNotMatch, .exists, .doesNotExist, .withinLast, .moreThanAgo,
            .lessThanInFuture,
            .moreThanInFuture:
            false
        }
    }

    /// Whether the value's text is an integer's: an integer, or a string of one.
    private static func isIntegerText(_ value: PropertyValue) -> Bool {
        switch value {
        case .integer: true
        case .string(let text): Int32(text) != nil
        case .real, .boolean, .time: false
        }
    }

    /// The property's value in the event, nil when it is absent. A few properties are compared
    /// key by key: that costs less than hashing the name once.
    private static func value(of property: String, in properties: [String: PropertyValue]) -> PropertyValue? {
        guard properties.count <= 8 else { return properties[property] }
        for (key, value) in properties where key == property { return value }
        return nil
    }

    /// Whether one comparison holds for a property's value (nil when the property is absent).
    func holds(_ comparison: PropertyComparison, for value: PropertyValue?, at now: VirtualTime) -> Bool {
        switch comparison {
        case .equals(let operand): return value.map { equal($0, operand) } ?? false
        case .notEquals(let operand):
            return value.map { !equal($0, operand) } ?? rules.notEqualsHoldsWhenAbsent
        case .greaterThan(let operand): return numberHolds(value, operand, rules.greaterThan, above: true)
        case .lessThan(let operand): return numberHolds(value, operand, rules.lessThan, above: false)
        case .atLeast(let operand): return numberHolds(value, operand, rules.atLeast, above: true)
        case .atMost(let operand): return numberHolds(value, operand, rules.atMost, above: false)
        case .matches(let pattern):
            guard case .string(let text)? = value else { return false }
            return regexes.findsMatch(pattern, in: text, searching: rules.regexSearch)
        case .doesNotMatch(let pattern):
            guard case .string(let text)? = value else {
                return value == nil ? rules.doesNotMatchHoldsWhenAbsent : rules.doesNotMatchHoldsForNonText
            }
            return !regexes.findsMatch(pattern, in: text, searching: rules.regexSearch)
        case .exists: return value != nil
        case .doesNotExist: return value == nil
        case .withinLast(let span):
            guard case .time(let time)? = value else { return false }
            return rules.withinLast.admits(.at(time), above: now.earlier(by: span))
                && (rules.withinLastAdmitsTheFuture || time <= now)
        case .moreThanAgo(let span):
            guard case .time(let time)? = value else { return false }
            return rules.moreThanAgo.admits(.at(time), below: now.earlier(by: span))
        case .lessThanInFuture(let span):
            guard case .time(let time)? = value else { return false }
            return (rules.lessThanInFutureAdmitsThePast || now < time) && .at(time) < now.later(by: span)
        case .moreThanInFuture(let span):
            guard case .time(let time)? = value else { return false }
            return .at(time) > now.later(by: span)
        }
    }

    /// Whether a number operator holds: the value above the operand (`above`) or below it, on it
    /// too when `boundary` is inclusive; compared as numbers, or as text where the rules say so.
    private func numberHolds(_ value: PropertyValue?, _ operand: Double, _ boundary: Boundary, above: Bool) -> Bool {
        guard rules.numbersOrdered == .numeric else {
            guard let number = number(value) else { return false }
            let (text, bound) = (Self.text(of: number), Self.text(of: operand))
            return above ? boundary.admits(text, above: bound) : boundary.admits(text, below: bound)
        }
        guard let order = order(of: value, against: operand) else { return false }
        return above ? boundary.admits(order, above: 0) : boundary.admits(order, below: 0)
    }

    /// The value as number operators see it: an integer or a real; a string only when number
    /// operators read strings.
    private func number(_ value: PropertyValue?) -> Double? {
        guard !rules.numberOperatorsNeedNumbers, case .string(let text)? = value else { return value?.number }
        return Double(text)
    }

    /// How the value orders against a number operand (``NumericOrder``): an integer or a real; a
    /// string only when number operators read strings.
    private func order(of value: PropertyValue?, against operand: Double) -> Int? {
        guard !rules.numberOperatorsNeedNumbers, case .string(let text)? = value else {
            return value.flatMap { NumericOrder.of($0, against: operand) }
        }
        return Double(text).flatMap { NumericOrder.of($0, against: operand) }
    }

    /// A number as text, as an engine that compares numbers as text writes it: a whole number
    /// without a fraction ("10", not "10.0").
    private static func text(of number: Double) -> String {
        if number.rounded() == number, let whole = Int64(exactly: number) { return String(whole) }
        return String(number)
    }

    /// Equality under the rules: ``equal(_:_:)``, unless a string may equal a number, or an
    /// integer may not equal a real.
    private func equal(_ value: PropertyValue, _ operand: PropertyValue) -> Bool {
        switch (value, operand) {
        case (.string(let text), let number) where !rules.equalsNeedsSameType && number.number != nil,
            (let number, .string(let text)) where !rules.equalsNeedsSameType && number.number != nil:
            return Double(text) == number.number
        case (.integer, .real) where !rules.integersEqualReals, (.real, .integer) where !rules.integersEqualReals:
            return false
        case (.string(let text), let other) where rules.equalsComparesTextForms,
            (let other, .string(let text)) where rules.equalsComparesTextForms:
            return Self.textForm(of: other).map { sameText($0, text) } ?? false
        case (.string(let left), .string(let right)) where rules.equalsIgnoresCase:
            return sameText(left, right)
        case (.string, _), (.integer, _), (.real, _), (.boolean, _), (.time, _):
            return Self.equal(value, operand)
        }
    }

    /// Whether two texts are the same, ignoring case where the rules say so
    /// (``PropertyFilterRules/equalsIgnoresCase``, as Java's `equalsIgnoreCase` compares letters).
    private func sameText(_ left: String, _ right: String) -> Bool {
        rules.equalsIgnoresCase ? left.lowercased() == right.lowercased() : left == right
    }

    /// A value's text as Java's `toString` writes an ordinary one (``PropertyFilterRules/equalsComparesTextForms``):
    /// the text itself, `true` or `false`, an integer's digits, a real with its fraction ("5.0");
    /// nil for a time, which has no such text.
    private static func textForm(of value: PropertyValue) -> String? {
        switch value {
        case .string(let text): text
        case .boolean(let flag): String(flag)
        case .integer(let whole): String(whole)
        case .real(let real): String(real)
        case .time: nil
        }
    }

    /// Same type and same value; integers and reals compare with each other as numbers, exactly
    /// (``NumericOrder``).
    static func equal(_ value: PropertyValue, _ operand: PropertyValue) -> Bool {
        switch (value, operand) {
        case (.string(let left), .string(let right)): left == right
        case (.boolean(let left), .boolean(let right)): left == right
        case (.time(let left), .time(let right)): left == right
        case (.integer(let left), .integer(let right)): left == right
        case (.integer(let integer), .real(let real)), (.real(let real), .integer(let integer)):
            NumericOrder.of(integer, against: real) == 0
        case (.real(let left), .real(let right)): left == right
        case (.string, _), (.boolean, _), (.time, _), (.integer, _), (.real, _): false
        }
    }
}

/// A number condition met a value it cannot read as an integer, under rules where that drops the
/// whole event (``PropertyFilterRules/unreadableNumberDropsEvent``).
struct UnreadableNumber: Error {}
