import IAMSpec
import Testing

/// Property filters: every operator, absent properties, and types that never convert.
@Suite("Property filters")
struct PropertyFilterTests {
    /// One condition on property `p`, the value the event carries (nil: absent), and whether the
    /// trigger fires.
    struct Example: Sendable, CustomTestStringConvertible {
        var comparison: PropertyComparison
        var value: PropertyValue?
        var fires: Bool

        init(_ comparison: PropertyComparison, _ value: PropertyValue?, _ fires: Bool) {
            self.comparison = comparison
            self.value = value
            self.fires = fires
        }

        var testDescription: String {
            "\(comparison) on \(value.map { "\($0)" } ?? "absent") → \(fires ? "fires" : "does not fire")"
        }
    }

    static let equalityExamples: [Example] = [
        Example(.equals(.string("gold")), .string("gold"), true),
        Example(.equals(.string("gold")), .string("Gold"), false),
        Example(.equals(.string("5")), .integer(5), false),
        Example(.equals(.integer(5)), .string("5"), false),
        Example(.equals(.integer(5)), .real(5.0), true),
        Example(.equals(.real(2.5)), .real(2.5), true),
        Example(.equals(.boolean(true)), .boolean(true), true),
        Example(.equals(.boolean(true)), .string("true"), false),
        Example(.equals(.time(.seconds(3))), .time(.seconds(3)), true),
        Example(.equals(.time(.seconds(3))), .integer(3), false),
        Example(.equals(.string("gold")), nil, false),
        Example(.notEquals(.string("gold")), .string("silver"), true),
        Example(.notEquals(.string("gold")), .string("gold"), false),
        Example(.notEquals(.string("5")), .integer(5), true),
        Example(.notEquals(.integer(5)), .real(5.0), false),
        Example(.notEquals(.string("gold")), nil, true),
    ]

    static let numbersExamples: [Example] = [
        Example(.greaterThan(10), .integer(11), true),
        Example(.greaterThan(10), .integer(10), false),
        Example(.greaterThan(10), .real(10.5), true),
        Example(.greaterThan(10), .string("11"), false),
        Example(.greaterThan(10), nil, false),
        Example(.lessThan(10), .integer(9), true),
        Example(.lessThan(10), .real(10.0), false),
        Example(.lessThan(10), .boolean(false), false),
        Example(.atLeast(10), .integer(10), true),
        Example(.atLeast(10), .real(9.99), false),
        Example(.atLeast(10), .time(.seconds(20)), false),
        Example(.atMost(10), .integer(10), true),
        Example(.atMost(10), .integer(11), false),
        Example(.atMost(10), nil, false),
        Example(.atLeast(9.5), .integer(9), false),
        Example(.atMost(-9.5), .integer(-9), false),
        Example(.lessThan(-9.5), .integer(-10), true),
    ]

    /// Integers compare with a real operand exactly, beyond 2^53 and beyond Int64's range too.
    static let largeNumbersExamples: [Example] = [
        Example(.greaterThan(9_007_199_254_740_992), .integer(9_007_199_254_740_993), true),
        Example(.atMost(9_007_199_254_740_992), .integer(9_007_199_254_740_993), false),
        Example(.atLeast(-9_007_199_254_740_992), .integer(-9_007_199_254_740_993), false),
        Example(.equals(.real(9_007_199_254_740_992)), .integer(9_007_199_254_740_993), false),
        Example(.equals(.real(9_007_199_254_740_992)), .integer(9_007_199_254_740_992), true),
        Example(.notEquals(.integer(9_007_199_254_740_993)), .real(9_007_199_254_740_992), true),
        Example(.lessThan(1e19), .integer(.max), true),
        Example(.greaterThan(9_223_372_036_854_775_808), .integer(.max), false),
        Example(.atLeast(-9_223_372_036_854_775_808), .integer(.min), true),
        Example(.lessThan(-1e19), .integer(.min), false),
        Example(.greaterThan(-1e19), .integer(.min), true),
        Example(.greaterThan(.nan), .integer(5), false),
        Example(.lessThan(.nan), .integer(5), false),
    ]

    static let patternsExamples: [Example] = [
        Example(.matches(regex: "ol"), .string("gold"), true),
        Example(.matches(regex: "^ol"), .string("gold"), false),
        Example(.matches(regex: "^g.*d$"), .string("gold"), true),
        Example(.matches(regex: "5"), .integer(5), false),
        Example(.matches(regex: "ol"), nil, false),
        Example(.doesNotMatch(regex: "z"), .string("gold"), true),
        Example(.doesNotMatch(regex: "ol"), .string("gold"), false),
        // The Braze Web SDK's `does_not_match` holds unless the property is text that matches.
        Example(.doesNotMatch(regex: "z"), .integer(5), true),
        Example(.doesNotMatch(regex: "5"), .integer(5), true),
        Example(.doesNotMatch(regex: "z"), .boolean(true), true),
        Example(.doesNotMatch(regex: "z"), nil, true),
    ]

    static let presenceExamples: [Example] = [
        Example(.exists, .string(""), true),
        Example(.exists, .boolean(false), true),
        Example(.exists, nil, false),
        Example(.doesNotExist, nil, true),
        Example(.doesNotExist, .integer(0), false),
    ]

    /// The event is logged at virtual time 100 s.
    static let timesExamples: [Example] = [
        Example(.withinLast(.seconds(10)), .time(.seconds(90)), true),
        Example(.withinLast(.seconds(10)), .time(.seconds(100)), true),
        Example(.withinLast(.seconds(10)), .time(VirtualTime(milliseconds: 89_999)), false),
        // No upper bound, no lower bound for less_than_in_future: the Web SDK compares once.
        Example(.withinLast(.seconds(10)), .time(.seconds(101)), true),
        Example(.withinLast(.seconds(10)), .time(.seconds(1_000_000)), true),
        Example(.withinLast(.seconds(10)), .integer(95), false),
        Example(.withinLast(.seconds(10)), nil, false),
        Example(.moreThanAgo(.seconds(10)), .time(VirtualTime(milliseconds: 89_999)), true),
        Example(.moreThanAgo(.seconds(10)), .time(.seconds(90)), true),
        Example(.moreThanAgo(.seconds(10)), .time(VirtualTime(milliseconds: 90_001)), false),
        Example(.moreThanAgo(.seconds(10)), .string("0"), false),
        Example(.lessThanInFuture(.seconds(10)), .time(.seconds(101)), true),
        Example(.lessThanInFuture(.seconds(10)), .time(.seconds(100)), true),
        Example(.lessThanInFuture(.seconds(10)), .time(.zero), true),
        Example(.lessThanInFuture(.seconds(10)), .time(VirtualTime(milliseconds: 109_999)), true),
        Example(.lessThanInFuture(.seconds(10)), .time(.seconds(110)), false),
        Example(.moreThanInFuture(.seconds(10)), .time(VirtualTime(milliseconds: 110_001)), true),
        Example(.moreThanInFuture(.seconds(10)), .time(.seconds(110)), false),
        Example(.moreThanInFuture(.seconds(10)), nil, false),
    ]

    @Test("equals and not_equals: same type and value", arguments: equalityExamples)
    func equality(_ example: Example) throws {
        #expect(try fires(example) == example.fires)
    }

    @Test("number operators: numbers only", arguments: numbersExamples)
    func numbers(_ example: Example) throws {
        #expect(try fires(example) == example.fires)
    }

    @Test("integers and reals compare exactly, as numbers", arguments: largeNumbersExamples)
    func largeNumbers(_ example: Example) throws {
        #expect(try fires(example) == example.fires)
    }

    @Test("matches and does_not_match: a substring search in strings only", arguments: patternsExamples)
    func patterns(_ example: Example) throws {
        #expect(try fires(example) == example.fires)
    }

    @Test("exists and does_not_exist", arguments: presenceExamples)
    func presence(_ example: Example) throws {
        #expect(try fires(example) == example.fires)
    }

    @Test("time operators, relative to the event's time", arguments: timesExamples)
    func times(_ example: Example) throws {
        #expect(try fires(example) == example.fires)
    }

    @Test("an OR-group holds when any one condition holds")
    func orGroup() throws {
        let filters = PropertyFilters(groups: [
            [
                PropertyCondition(property: "tier", comparison: .equals(.string("gold"))),
                PropertyCondition(property: "tier", comparison: .equals(.string("silver"))),
            ]
        ])
        #expect(try fires(filters, ["tier": .string("silver")]))
        #expect(try !fires(filters, ["tier": .string("bronze")]))
    }

    @Test("every group must hold")
    func andOfGroups() throws {
        let filters = PropertyFilters(groups: [
            [PropertyCondition(property: "tier", comparison: .equals(.string("gold")))],
            [PropertyCondition(property: "spent", comparison: .atLeast(100))],
        ])
        #expect(try fires(filters, ["tier": .string("gold"), "spent": .integer(100)]))
        #expect(try !fires(filters, ["tier": .string("gold"), "spent": .integer(99)]))
        #expect(try !fires(filters, ["spent": .integer(500)]))
    }

    @Test("purchase filters apply to the purchase's properties")
    func purchaseFilters() throws {
        let filters = PropertyFilters(groups: [[PropertyCondition(property: "size", comparison: .equals(.string("L")))]]
        )
        var engine = try EngineDriver([
            InAppMessage(id: "large", triggers: [.specificPurchase(product: "shirt", filters: filters)])
        ])
        try engine.startSession()
        #expect(
            try engine.purchase("shirt", ["size": .string("M")]) == [.noMatchingTrigger(.purchase(product: "shirt"))]
        )
        #expect(try engine.purchase("shirt", ["size": .string("L")]) == shown("large"))
    }

    @Test("an invalid regular expression is an engine error, not a crash")
    func invalidRegex() {
        let filters = PropertyFilters(groups: [
            [PropertyCondition(property: "p", comparison: .matches(regex: "(unclosed"))]
        ])
        #expect(throws: EngineError.self) {
            try EngineDriver([InAppMessage(id: "bad", triggers: [.customEvent(name: "e", filters: filters)])])
        }
    }

    /// Patterns past the limit of 100 levels of character class: a deeper one would overflow the
    /// regular expression parser's stack, so the engine refuses it before parsing, whichever escape
    /// might hide a level from a count that followed the syntax.
    static let tooDeepPatterns: [String: String] = [
        "101 nested classes": String(repeating: "[", count: 101) + "a" + String(repeating: "]", count: 101),
        "3,000 classes after quoted ']'": String(repeating: #"[\Q]\E"#, count: 3_000),
        "3,000 set operators": "[a" + String(repeating: "&&b", count: 3_000) + "]",
    ]

    @Test(
        "a regular expression past the class nesting limit is an engine error",
        arguments: tooDeepPatterns.keys.sorted()
    )
    func tooDeepRegex(shape: String) throws {
        let pattern = try #require(Self.tooDeepPatterns[shape])
        let filters = PropertyFilters(groups: [[PropertyCondition(property: "p", comparison: .matches(regex: pattern))]]
        )
        let error = try #require(throws: EngineError.self) {
            try EngineDriver([InAppMessage(id: "deep", triggers: [.customEvent(name: "e", filters: filters)])])
        }
        #expect(error.message.hasPrefix("message deep: a regular expression with "))
        #expect(
            error.message.hasSuffix(" '[' and set operators, more than the 100 levels of character class it may nest")
        )
    }

    @Test("a regular expression as deep as the limit compiles and matches")
    func regexAsDeepAsTheLimit() throws {
        let pattern = String(repeating: "[", count: 100) + "a" + String(repeating: "]", count: 100)
        let filters = PropertyFilters(groups: [[PropertyCondition(property: "p", comparison: .matches(regex: pattern))]]
        )
        #expect(try fires(filters, ["p": .string("xay")]))
        #expect(try !fires(filters, ["p": .string("xy")]))
    }

    private func fires(_ example: Example) throws -> Bool {
        let filters = PropertyFilters(groups: [[PropertyCondition(property: "p", comparison: example.comparison)]])
        return try fires(filters, example.value.map { ["p": $0] } ?? [:])
    }

    /// Whether a custom event `e` with the properties, logged at 100 s, fires a message filtered so.
    private func fires(_ filters: PropertyFilters, _ properties: [String: PropertyValue]) throws -> Bool {
        var engine = try EngineDriver([
            InAppMessage(id: "filtered", triggers: [.customEvent(name: "e", filters: filters)])
        ])
        try engine.startSession()
        try engine.advance(100)
        let observations = try engine.event("e", properties)
        if observations == shown("filtered") { return true }
        try #require(observations == [.noMatchingTrigger(.customEvent(name: "e"))])
        return false
    }
}
