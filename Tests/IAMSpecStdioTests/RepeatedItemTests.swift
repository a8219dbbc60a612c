import IAMSpec
import IAMSpecPortable
import Testing

/// A list whose items must each be there once (`uniqueItems`: a `hello_reply`'s profiles and
/// capabilities, a compiled case's profiles, requires and rules) is checked in one pass, so that an
/// engine or a hand-edited file listing 100,000 items is answered at once, not after hours.
@Suite struct RepeatedItemTests {
    /// An element that counts how often it is compared for equality.
    private struct CountedItem: Hashable {
        final class Comparisons {
            var count = 0
        }

        let value: Int
        let comparisons: Comparisons

        static func == (one: CountedItem, other: CountedItem) -> Bool {
            one.comparisons.count += 1
            return one.value == other.value
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(value)
        }
    }

    @Test func aRepeatIsFoundWithoutComparingEachItemWithEveryEarlierOne() {
        let comparisons = CountedItem.Comparisons()
        let count = 20_000
        let items =
            (0..<count).map { CountedItem(value: $0, comparisons: comparisons) }
            + [CountedItem(value: 7, comparisons: comparisons)]
        let repeated = items.firstRepeat()
        #expect(repeated?.at == count)
        #expect(repeated?.earlier == 7)
        // A search of the earlier items makes count × count / 2 comparisons (200 million); a
        // table makes a few per item, only where hashes collide.
        #expect(comparisons.count < 20 * count, "\(comparisons.count) comparisons for \(count + 1) items")
    }

    @Test func noRepeatIsFoundInDistinctItems() {
        #expect([3, 1, 2].firstRepeat() == nil)
        #expect([Int]().firstRepeat() == nil)
        #expect(["a", "b", "a", "b"].firstRepeat().map { [$0.at, $0.earlier] } == [2, 0])
    }

    @Test func aHelloReplyListingThousandsOfCapabilitiesNamesItsFirstRepeat() throws {
        let capabilities = (0..<5_000).map { "\"c\($0)\"" } + ["\"c4\""]
        let line =
            #"{"type":"hello_reply","protocol":2,"name":"x","version":"1","profiles":["braze-swift"],"capabilities":["#
            + capabilities.joined(separator: ",") + "]}"
        let message = try JSONParser.parse(Array(line.utf8))
        #expect {
            _ = try WireCodec.decodeReply(message, unknownKeys: .ignored)
        } throws: { error in
            "\(error)" == #"capabilities[5000]: found "c4" again (as at [4]), expected each item once"#
        }
    }
}
