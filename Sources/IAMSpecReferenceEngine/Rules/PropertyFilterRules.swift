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
    /// Values of different types are never equal (above). OneSignal's Android SDK compares them
    /// through their text forms instead (OneSignal/OneSignal-Android-SDK@84a052457093749e3081a56e7b98133f2448af42,
    /// OneSignalSDK/onesignal/src/main/java/com/onesignal/OSTriggerController.java,
    /// `triggerMatchesFlex`: "If operator is equal or not equals ignore type by comparing on
    /// toString values"): the text "true" equals the boolean true, "5" the integer 5, "5.0" the
    /// real 5.0 (but not the integer 5), for `equals` and `not_equals`; an integer and a real
    /// still compare as numbers.
    package var equalsComparesTextForms = false
    /// Strings are equal only when they are the same, case and all (above). Leanplum's and Swrve's
    /// Android SDKs compare them ignoring case instead: Leanplum compares an event parameter's
    /// text with the trigger's value with Java's `equalsIgnoreCase`
    /// (Leanplum/Leanplum-Android-SDK@07f46f34abbdf42ca8df8fc7e00596c233449087,
    /// AndroidSDKCore/src/main/java/com/leanplum/internal/ActionManager.java, the
    /// `triggersWithParameter` verb: `parameterValue.toString().equalsIgnoreCase(...)`), and Swrve
    /// a payload value with the condition's (Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e,
    /// SwrveSDK/src/main/java/com/swrve/sdk/SwrveCampaignDisplayer.java: `payload.get(arg.getKey())
    /// .equalsIgnoreCase((String) arg.getValue())`): "Gold" equals "gold", for `equals` and
    /// `not_equals`, in text forms too (``equalsComparesTextForms``).
    package var equalsIgnoresCase = false
    /// Integers and reals compare as numbers: 5 equals 5.0 (semantics notes, property filters).
    package var integersEqualReals = true
    /// A number operator on a string is false: types never convert.
    package var numberOperatorsNeedNumbers = true
    /// A number condition on a value that is not a number of its kind is false, and the event
    /// goes on to the other conditions and messages (above). Swrve's Android SDK reads the
    /// property's text as an integer for its number conditions instead, and one that is not (a
    /// real's "5.0", a word) throws out of the whole event's evaluation: the event triggers
    /// nothing, whichever message the condition was about
    /// (Swrve/swrve-android-sdk@90e5720f621551c5da097081872d9d0ea2f9975e,
    /// SwrveSDK/src/main/java/com/swrve/sdk/SwrveCampaignDisplayer.java, `canTrigger`:
    /// `Integer.parseInt(payload.get(arg.getKey()))` for `number_gt`, `number_lt` and `number_eq`).
    package var unreadableNumberDropsEvent = false
    /// Number operators compare numbers as numbers ("`greater_than`, `less_than`, `at_least`,
    /// `at_most` compare numbers", semantics notes, property filters). Engines that keep every
    /// property as a string, or compare a filter's value with the event's through their text
    /// forms, order "10" before "9" instead.
    package var numbersOrdered = NumberOrder.numeric

    /// `not_equals` holds when the property is absent (the Braze Web SDK's trigger manager, v4.8.0,
    /// property filter `Bl`, comparator 2: `null == s || …`).
    package var notEqualsHoldsWhenAbsent = true
    /// `does_not_match` holds when the property is absent: the Web SDK's comparator 17 starts with
    /// `null == s || …` (v4.8.0, property filter `Bl`).
    package var doesNotMatchHoldsWhenAbsent = true
    /// `does_not_match` holds for a property that is not text (a number, a boolean, a time): the
    /// same comparator goes on `typeof s != typeof this.Il || "string" != typeof s || …` before it
    /// runs the expression.
    package var doesNotMatchHoldsForNonText = true

    /// `matches` searches for the pattern anywhere in the string.
    package var regexSearch = RegexSearch.substring

    /// `within_last s` includes its bound, `now - s <= t`: the Web SDK's comparator 4 on a date
    /// is `secondsAgo(s) <= this.Il` (v4.8.0, property filter `Bl`).
    package var withinLast = Boundary.inclusive
    /// `within_last s` has no upper bound: a time after the event passes, since `secondsAgo` of a
    /// future time is negative and nothing else is compared (same comparator).
    package var withinLastAdmitsTheFuture = true
    /// `more_than_ago s` includes its bound, `t <= now - s`: comparator 6 on a date is
    /// `secondsAgo(s) >= this.Il`.
    package var moreThanAgo = Boundary.inclusive
    /// `less_than_in_future s` has no lower bound: comparator 15 is only `secondsInTheFuture(s) <
    /// this.Il`, so the event's own time and earlier times pass (`t < now + s`).
    package var lessThanInFutureAdmitsThePast = true
}
