package dev.iamspec.kit.test;

import static dev.iamspec.kit.test.Check.equal;
import static dev.iamspec.kit.test.Check.holds;
import static dev.iamspec.kit.test.Check.raises;

import dev.iamspec.kit.JsonException;
import dev.iamspec.kit.JsonReader;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JsonReader: every JSON construct, integers kept apart from reals, and hostile text refused with
 * its place.
 */
final class JsonReaderTests {
    private JsonReaderTests() {}

    static void register(Check check) {
        check.test("reader: objects keep their keys' order, arrays their elements', null is present", () -> {
            Object parsed = JsonReader.parse(" {\"b\": [1, true, false, null, {}], \"a\": \"x\", \"n\": null} ");
            Map<String, Object> expected = new LinkedHashMap<>();
            expected.put("b", Arrays.asList(1L, true, false, null, new LinkedHashMap<>()));
            expected.put("a", "x");
            expected.put("n", null);
            equal(expected, parsed);
            equal(List.of("b", "a", "n"), new ArrayList<>(((Map<?, ?>) parsed).keySet()));
            holds(((Map<?, ?>) parsed).containsKey("n"), "a key whose value is null to be present");
        });

        check.test("reader: integers are Longs (BigIntegers past 64 bits), reals Doubles, as they are written", () -> {
            equal(5L, JsonReader.parse("5"));
            equal(-12L, JsonReader.parse("-12"));
            equal(0L, JsonReader.parse("-0"));
            equal(5.0, JsonReader.parse("5.0"));
            equal(2.5e-7, JsonReader.parse("2.5e-7"));
            equal(1000.0, JsonReader.parse("1E3"));
            equal(-0.5, JsonReader.parse("-0.5E+0"));
            equal(Long.MAX_VALUE, JsonReader.parse("9223372036854775807"));
            equal(Long.MIN_VALUE, JsonReader.parse("-9223372036854775808"));
            equal(new BigInteger("9223372036854775808"), JsonReader.parse("9223372036854775808"));
            equal(new BigInteger("-123456789012345678901234567890"), JsonReader.parse("-123456789012345678901234567890"));
            equal(0.0, JsonReader.parse("1e-400"));
        });

        check.test("reader: an integer of a million digits, as long as a line may be, reads in under 30 s", () -> {
            String digits = "9".repeat(1_000_000);
            long started = System.nanoTime();
            Object parsed = JsonReader.parse(digits);
            long seconds = (System.nanoTime() - started) / 1_000_000_000L;
            holds(seconds < 30, "a million digits to read in under 30 s (quadratic parsing took minutes), took " + seconds);
            equal(BigInteger.TEN.pow(1_000_000).subtract(BigInteger.ONE), parsed);
        });

        check.test("reader: every escape, surrogate pairs, and UTF-8 text as it is", () -> {
            equal("\" \\ / \b \f \n \r \t é", JsonReader.parse("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u00e9\""));
            equal("\uD83D\uDE00", JsonReader.parse("\"\\ud83d\\ude00\""));
            equal("día 😀 日本", JsonReader.parse("\"día 😀 日本\""));
            equal("\uD800", JsonReader.parse("\"\\uD800\""));
            equal("", JsonReader.parse("\"\""));
        });

        check.test("reader: a mistake names its line and column, what was found and what was expected", () -> {
            equal("line 1, column 4: found `]`, expected a value (an object, an array, a string, a number, true, "
                    + "false or null)", message("[1,]"));
            equal("line 2, column 3: found `}`, expected a string, the key of an object's member",
                    message("{\"a\": 1,\n  }"));
            equal("line 1, column 2: found `1`, expected `.`, `e` or the number's end: a number has no leading zero",
                    message("01"));
            equal("line 1, column 8: found the key \"a\" a second time in one object, expected each key once",
                    message("{\"a\":1,\"a\":2}"));
            equal("line 1, column 3: found `2`, expected the end of the text after the value", message("1 2"));
            equal("line 1, column 1: found a string that is not closed, expected `\"` before the end of the text",
                    message("\"abc"));
            equal("line 1, column 1: found the end of the text, expected a value (an object, an array, a string, "
                    + "a number, true, false or null)", message(""));
        });

        check.test("reader: hostile text is refused, never crashes and never half-read", () -> {
            String[] refused = {
                "{", "[1", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{1:2}", "{'a':1}", "01", "-", "+1", ".5", "1.", "1e",
                "1e+", "NaN", "Infinity", "-Infinity", "tru", "nul", "falsey", "\"a\u0001b\"", "\"\\x\"",
                "\"\\u12G4\"", "\"\\u12\"", "\"\\", "1e999", "-1e999", "[1] x", "\uFEFF{}", "// comment\n1",
                "{\"a\":1}{\"b\":2}", "\u00a01",
            };
            for (String text : refused) {
                JsonException problem = raises(JsonException.class, () -> JsonReader.parse(text));
                Check.matches("line \\d+, column \\d+: found .+, expected .+", problem.getMessage());
            }
        });

        check.test("reader: nesting is read to MAX_DEPTH, and refused deeper without overflowing the stack", () -> {
            String deepest = "[".repeat(JsonReader.MAX_DEPTH) + "]".repeat(JsonReader.MAX_DEPTH);
            Object value = JsonReader.parse(deepest);
            for (int level = 1; level < JsonReader.MAX_DEPTH; level++) {
                value = ((List<?>) value).get(0);
            }
            equal(List.of(), value);
            equal("line 1, column 513: found more than 512 nested arrays and objects, expected at most 512",
                    message("[".repeat(JsonReader.MAX_DEPTH + 1) + "]".repeat(JsonReader.MAX_DEPTH + 1)));
            raises(JsonException.class, () -> JsonReader.parse("{\"a\":".repeat(100_000)));
        });
    }

    private static String message(String text) {
        return raises(JsonException.class, () -> JsonReader.parse(text)).getMessage();
    }
}
