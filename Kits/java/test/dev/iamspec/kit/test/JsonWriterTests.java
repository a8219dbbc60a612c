package dev.iamspec.kit.test;

import static dev.iamspec.kit.test.Check.equal;
import static dev.iamspec.kit.test.Check.holds;
import static dev.iamspec.kit.test.Check.raises;

import dev.iamspec.kit.JsonException;
import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.JsonReader;
import dev.iamspec.kit.JsonWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JsonWriter: compact one-line JSON, integers without a fraction and reals with one, unwritable
 * values named by place.
 */
final class JsonWriterTests {
    private JsonWriterTests() {}

    static void register(Check check) {
        check.test("writer: compact, in the map's order of keys, every JSON type", () -> {
            Map<String, Object> value = new LinkedHashMap<>();
            value.put("z", Arrays.asList(null, true, false, "s"));
            value.put("a", Map.of());
            value.put("o", new JsonObject(Map.of("k", List.of()), "o"));
            value.put("arr", new Object[] {1, "two"});
            equal("{\"z\":[null,true,false,\"s\"],\"a\":{},\"o\":{\"k\":[]},\"arr\":[1,\"two\"]}", JsonWriter.write(value));
        });

        check.test("writer: integers without a fraction, reals always with one or an exponent", () -> {
            equal("5", JsonWriter.write(5L));
            equal("-7", JsonWriter.write(-7));
            equal("3", JsonWriter.write((short) 3));
            equal("4", JsonWriter.write((byte) 4));
            equal("123456789012345678901234567890", JsonWriter.write(new BigInteger("123456789012345678901234567890")));
            equal("5.0", JsonWriter.write(5.0));
            equal("2.5E-7", JsonWriter.write(2.5e-7));
            equal("1.0E20", JsonWriter.write(1e20));
            equal("0.5", JsonWriter.write(0.5f));
            equal("1.50", JsonWriter.write(new BigDecimal("1.50")));
            // What is written is read back as the same kind of number.
            equal(5L, JsonReader.parse(JsonWriter.write(5L)));
            equal(5.0, JsonReader.parse(JsonWriter.write(5.0)));
            equal(1e20, JsonReader.parse(JsonWriter.write(1e20)));
        });

        check.test("writer: strings escape quotes, backslashes, control characters and lone surrogates, on one line", () -> {
            equal("\"a\\\"b\\\\c\\nd\\re\\tf\\bg\\fh\\u0001i\\u001f\"", JsonWriter.write("a\"b\\c\nd\re\tf\bg\fh\u0001i\u001f"));
            equal("\"é 😀 日本 \u2028 /\"", JsonWriter.write("é 😀 日本 \u2028 /"));
            equal("\"\\ud800x\\udc00\"", JsonWriter.write("\uD800x\uDC00"));
            String written = JsonWriter.write(Map.of("text", "line one\nline two\r\n"));
            holds(written.indexOf('\n') < 0 && written.indexOf('\r') < 0, "no line break in " + written);
        });

        check.test("writer: what the reader reads is written back the same, every escape included", () -> {
            String text = "{\"s\":\"\\\" \\\\ \\n \\u0000 é 😀\",\"i\":-3,\"r\":0.25,\"b\":[true,false,null],\"o\":{\"t\":{\"time_ms\":0}}}";
            Object value = JsonReader.parse(text);
            equal(value, JsonReader.parse(JsonWriter.write(value)));
            equal("{\"s\":\"\\\" \\\\ \\n \\u0000 é 😀\",\"i\":-3,\"r\":0.25,\"b\":[true,false,null],\"o\":{\"t\":{\"time_ms\":0}}}",
                    JsonWriter.write(value));
        });

        check.test("writer: what JSON cannot hold is refused, naming its place", () -> {
            Map<String, Object> observation = new LinkedHashMap<>();
            observation.put("kind", "displayed");
            observation.put("extras", Map.of("size", List.of("ok", new Object())));
            equal("observations[0].extras.size[1]: found a java.lang.Object, expected null, a boolean, a number, "
                    + "a string, a list or a map with string keys",
                    message(Map.of("observations", List.of(observation))));
            equal("[\"odd key\"]: found the real NaN, expected a finite number (JSON has no NaN or infinity)",
                    message(Map.of("odd key", Double.NaN)));
            equal("the value: found the real Infinity, expected a finite number (JSON has no NaN or infinity)",
                    message(Double.POSITIVE_INFINITY));
            equal("m: found a key of type java.lang.Integer, expected string keys only", message(Map.of("m", Map.of(1, 2))));
            equal("the value: found a java.util.concurrent.atomic.AtomicLong, expected an Integer, a Long, a Short, "
                    + "a Byte, a BigInteger, a BigDecimal, a Double or a Float",
                    message(new java.util.concurrent.atomic.AtomicLong(1)));
        });
    }

    private static String message(Object value) {
        return raises(JsonException.class, () -> JsonWriter.write(value)).getMessage();
    }
}
