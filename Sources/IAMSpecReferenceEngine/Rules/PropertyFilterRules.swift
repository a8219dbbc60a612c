/// How the operators of property filters compare.
///
/// "A filter set is an AND of OR-groups" and "Types must match exactly: the string "5" never
/// equals the number 5" (semantics notes, property filters).
package struct PropertyFilterRules: Sendable {
    /// How many conditions of an OR-group must hold for the group to hold.
    package enum GroupNeeds: Sendable, Hashable {
        case anyCondition
        case everyCondition
    }

    /// How the number operators (`greater_than`, `less_than`, `at_least`, `at_most`) order a
    /// value and their operand.
    package enum NumberOrder: Sendable, Hashable {
        /// As numbers: 10 is greater than 9.
        case numeric
        /// As the text of the numbers, character by character: "10" comes before "9".
        case textual
    }

    /// Where a `matches` pattern must match in the text.
    package enum RegexSearch: Sendable, Hashable {
        /// Anywhere: a substring search.
        case substring
        /// The whole text.
        case wholeText
    }

    /// "A filter set is an AND of OR-groups": a group holds when any one of its conditions holds.
    package var orGroupNeeds = GroupNeeds.anyCondition

    /// `greater_than` is `>`.
    package var greaterThan = Boundary.exclusive
    /// `less_than` is `<`.
    package var lessThan = Boundary.exclusive
    /// `at_least` is `>=`.
    package var atLeast = Boundary.inclusive
    /// `at_most` is `<=`.
    package var atMost = Boundary.inclusive

    /// "Types must match exactly: the string "5" never equals the number 5".
    package var equalsNeedsSameType = true
    /// Integers and reals compare as numbers: 5 equals 5.0 (semantics notes, property filters).
    package var integersEqualReals = true
    /// A number operator on a string is false: types never convert.
    package var numberOperatorsNeedNumbers = true
    /// Number operators compare numbers as numbers ("`greater_than`, `less_than`, `at_least`,
    /// `at_most` compare numbers", semantics notes, property filters). Engines that keep every
    /// property as a string, or compare a filter's value with the event's through their text
    /// forms, order "10" before "9" instead.
    package var numbersOrdered = NumberOrder.numeric

    /// `not_equals` holds when the property is absent; apart from it and `does_not_exist`, every
    /// condition on an absent property is false.
    package var notEqualsHoldsWhenAbsent = true
    /// `does_not_match` on an absent property is false, like every condition but `not_equals`
    /// and `does_not_exist`.
    package var doesNotMatchHoldsWhenAbsent = false

    /// `matches` searches for the pattern anywhere in the string.
    package var regexSearch = RegexSearch.substring

    /// `within_last s` includes its bound: `now - s <= t <= now`.
    package var withinLast = Boundary.inclusive
}
