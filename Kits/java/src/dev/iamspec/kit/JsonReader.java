package dev.iamspec.kit;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON text (RFC 8259) into plain {@code java.util} values, so that Java and Kotlin read
 * them alike:
 *
 * <ul>
 *   <li>an object is a {@code Map<String, Object>} keeping the text's order of keys (a key written
 *       twice in one object is refused);
 *   <li>an array is a {@code List<Object>};
 *   <li>a string is a {@code String}; {@code true} and {@code false} are {@code Boolean}s;
 *   <li>{@code null} is Java's {@code null} (an object's key with the value {@code null} is
 *       present: {@code containsKey} tells it from an absent one);
 *   <li>a number written without a fraction or an exponent ({@code 5}, {@code -12}) is an
 *       integer: a {@code Long}, or a {@code BigInteger} when it does not fit one; a number
 *       written with either ({@code 5.0}, {@code 2.5e-7}) is a real: a {@code Double}. iamspec
 *       writes integers and reals this way (Specs/PROTOCOL.md, "values").
 * </ul>
 *
 * Anything else is refused with a {@link JsonException} naming the line and column, what was
 * found and what was expected: a trailing comma, a leading zero, {@code NaN}, an unescaped
 * control character, a bad escape, a number beyond a double's range, text after the value, or
 * more than {@link #MAX_DEPTH} nested arrays and objects (refused rather than overflowing the
 * stack).
 */
public final class JsonReader {
    /** The deepest nesting of arrays and objects a text may have. */
    public static final int MAX_DEPTH = 512;

    private final String text;
    private int position;
    private int depth;

    private JsonReader(String text) {
        this.text = text;
    }

    /**
     * The value of one JSON text: a {@code Map}, {@code List}, {@code String}, {@code Long},
     * {@code BigInteger}, {@code Double}, {@code Boolean}, or {@code null} for JSON's null.
     * Whitespace may surround it; nothing else may follow it.
     *
     * @throws JsonException when the text is not exactly one JSON value
     */
    public static Object parse(String text) {
        JsonReader reader = new JsonReader(text);
        reader.skipWhitespace();
        Object value = reader.readValue();
        reader.skipWhitespace();
        if (reader.position < text.length()) {
            throw reader.unexpected("the end of the text after the value");
        }
        return value;
    }

    private Object readValue() {
        int next = peek();
        switch (next) {
            case '{':
                return readObject();
            case '[':
                return readArray();
            case '"':
                return readString();
            case 't':
                return readLiteral("true", Boolean.TRUE);
            case 'f':
                return readLiteral("false", Boolean.FALSE);
            case 'n':
                return readLiteral("null", null);
            default:
                if (next == '-' || isDigit(next)) {
                    return readNumber();
                }
                throw unexpected("a value (an object, an array, a string, a number, true, false or null)");
        }
    }

    private Map<String, Object> readObject() {
        enterNesting();
        position++;
        Map<String, Object> members = new LinkedHashMap<>();
        skipWhitespace();
        if (peek() == '}') {
            position++;
            depth--;
            return members;
        }
        while (true) {
            skipWhitespace();
            if (peek() != '"') {
                throw unexpected("a string, the key of an object's member");
            }
            int keyStart = position;
            String key = readString();
            skipWhitespace();
            expect(':', "`:` after an object's key");
            skipWhitespace();
            Object value = readValue();
            if (members.containsKey(key)) {
                throw failure(keyStart, "found the key " + JsonWriter.write(key)
                        + " a second time in one object, expected each key once");
            }
            members.put(key, value);
            skipWhitespace();
            if (peek() == '}') {
                position++;
                depth--;
                return members;
            }
            expect(',', "`,` or `}` after an object's member");
        }
    }

    private List<Object> readArray() {
        enterNesting();
        position++;
        List<Object> elements = new ArrayList<>();
        skipWhitespace();
        if (peek() == ']') {
            position++;
            depth--;
            return elements;
        }
        while (true) {
            skipWhitespace();
            elements.add(readValue());
            skipWhitespace();
            if (peek() == ']') {
                position++;
                depth--;
                return elements;
            }
            expect(',', "`,` or `]` after an array's element");
        }
    }

    private String readString() {
        int start = position;
        position++;
        StringBuilder value = new StringBuilder();
        while (true) {
            if (position >= text.length()) {
                throw failure(start, "found a string that is not closed, expected `\"` before the end of the text");
            }
            char c = text.charAt(position);
            if (c == '"') {
                position++;
                return value.toString();
            }
            if (c == '\\') {
                value.append(readEscape());
            } else if (c < 0x20) {
                throw unexpected("a character of a string: a control character must be escaped (`\\n`, `\\u001f`)");
            } else {
                value.append(c);
                position++;
            }
        }
    }

    /**
     * One escape sequence of a string, from its backslash; a {@code \\u} escape may be half a
     * surrogate pair.
     */
    private char readEscape() {
        position++;
        int c = peek();
        position++;
        switch (c) {
            case '"':
                return '"';
            case '\\':
                return '\\';
            case '/':
                return '/';
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'u':
                int code = 0;
                for (int digit = 0; digit < 4; digit++) {
                    int value = Character.digit(peek(), 16);
                    if (value < 0) {
                        throw unexpected("a hexadecimal digit: `\\u` takes four");
                    }
                    code = code * 16 + value;
                    position++;
                }
                return (char) code;
            default:
                position -= 1;
                throw unexpected("an escape after `\\`: one of `\"`, `\\`, `/`, `b`, `f`, `n`, `r`, `t`, `u`");
        }
    }

    private Object readNumber() {
        int start = position;
        boolean integral = true;
        if (peek() == '-') {
            position++;
        }
        if (peek() == '0') {
            position++;
            if (isDigit(peek())) {
                throw unexpected("`.`, `e` or the number's end: a number has no leading zero");
            }
        } else {
            readDigits("a digit");
        }
        if (peek() == '.') {
            integral = false;
            position++;
            readDigits("a digit after the decimal point");
        }
        if (peek() == 'e' || peek() == 'E') {
            integral = false;
            position++;
            if (peek() == '+' || peek() == '-') {
                position++;
            }
            readDigits("a digit of the exponent");
        }
        String digits = text.substring(start, position);
        if (integral) {
            try {
                return Long.parseLong(digits);
            } catch (NumberFormatException beyondLong) {
                return bigInteger(digits);
            }
        }
        double real = Double.parseDouble(digits);
        if (Double.isInfinite(real)) {
            throw failure(start, "found the number " + digits + ", expected a number within the range of a double");
        }
        return real;
    }

    /**
     * The integer {@code digits} (an optional {@code -}, then digits) holds. {@code new
     * BigInteger(String)} takes time quadratic in the digits (a million of them took minutes);
     * halving the digits and joining the halves by multiplication, which {@code BigInteger} does
     * in less than quadratic time, reads a line's worth in well under a second.
     */
    private static BigInteger bigInteger(String digits) {
        boolean negative = digits.startsWith("-");
        BigInteger magnitude = magnitude(digits, negative ? 1 : 0, digits.length(), new HashMap<>());
        return negative ? magnitude.negate() : magnitude;
    }

    /** The digits from {@code from} to {@code to}; {@code powers} holds the powers of ten made so far. */
    private static BigInteger magnitude(String digits, int from, int to, Map<Integer, BigInteger> powers) {
        if (to - from <= 18) {
            return BigInteger.valueOf(Long.parseLong(digits.substring(from, to)));
        }
        int middle = from + (to - from) / 2;
        BigInteger high = magnitude(digits, from, middle, powers);
        BigInteger low = magnitude(digits, middle, to, powers);
        BigInteger power = powers.computeIfAbsent(to - middle, BigInteger.TEN::pow);
        return high.multiply(power).add(low);
    }

    private void readDigits(String expected) {
        if (!isDigit(peek())) {
            throw unexpected(expected);
        }
        while (isDigit(peek())) {
            position++;
        }
    }

    private Object readLiteral(String word, Object value) {
        if (!text.startsWith(word, position)) {
            throw unexpected("a value (an object, an array, a string, a number, true, false or null)");
        }
        position += word.length();
        return value;
    }

    private void enterNesting() {
        depth++;
        if (depth > MAX_DEPTH) {
            throw failure(position, "found more than " + MAX_DEPTH + " nested arrays and objects, expected at most "
                    + MAX_DEPTH);
        }
    }

    private void expect(char wanted, String expected) {
        if (peek() != wanted) {
            throw unexpected(expected);
        }
        position++;
    }

    private void skipWhitespace() {
        while (position < text.length()) {
            char c = text.charAt(position);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            position++;
        }
    }

    /** The character at the reading position, or -1 at the end of the text. */
    private int peek() {
        return position < text.length() ? text.charAt(position) : -1;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private JsonException unexpected(String expected) {
        String found;
        if (position >= text.length()) {
            found = "the end of the text";
        } else {
            char c = text.charAt(position);
            found = c < 0x20 || c == 0x7f || Character.isSurrogate(c)
                    ? String.format("the character U+%04X", (int) c)
                    : "`" + c + "`";
        }
        return failure(position, "found " + found + ", expected " + expected);
    }

    /** The failure at one offset of the text, located by its line and column (both from 1). */
    private JsonException failure(int offset, String what) {
        int line = 1;
        int lineStart = 0;
        for (int index = 0; index < offset && index < text.length(); index++) {
            if (text.charAt(index) == '\n') {
                line++;
                lineStart = index + 1;
            }
        }
        return new JsonException("line " + line + ", column " + (offset - lineStart + 1) + ": " + what);
    }
}
