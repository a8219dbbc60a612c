package dev.iamspec.kit;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;

/**
 * Writes a value as compact JSON text, on one line: what the protocol's answers are. It writes
 *
 * <ul>
 *   <li>{@code null} as {@code null}, a {@code Boolean} as {@code true} or {@code false};
 *   <li>a {@code String} with {@code "}, {@code \}, the control characters and any unpaired
 *       surrogate escaped (other characters as they are, to be encoded as UTF-8);
 *   <li>an integer ({@code Integer}, {@code Long}, {@code Short}, {@code Byte},
 *       {@code BigInteger}) as digits, without a fraction: {@code 5};
 *   <li>a real ({@code Double}, {@code Float}) always with a fraction or an exponent ({@code
 *       5.0}, {@code 2.5E-7}), as iamspec tells integers from reals; a {@code BigDecimal} as
 *       its {@code toString()};
 *   <li>a {@code Map} with {@code String} keys as an object, in the map's order of keys; a
 *       {@link JsonObject} as its members;
 *   <li>any {@code Iterable} (a {@code List}, a Kotlin list) or {@code Object[]} as an array.
 * </ul>
 *
 * Anything else (another type, a key that is not a string, a NaN or an infinite real, which JSON
 * cannot write) is a {@link JsonException} naming its place in the value: {@code
 * observations[0].extras.size: found a java.lang.Object, expected ...}.
 */
public final class JsonWriter {
    private JsonWriter() {}

    /**
     * The value as compact JSON text.
     *
     * @throws JsonException when the value holds something JSON cannot write
     */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder();
        try {
            append(out, value);
        } catch (Unwritable problem) {
            String path = problem.path.toString();
            String place = path.isEmpty() ? "the value" : path.startsWith(".") ? path.substring(1) : path;
            throw new JsonException(place + ": found " + problem.found + ", expected " + problem.expected);
        }
        return out.toString();
    }

    private static void append(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            appendString(out, (String) value);
        } else if (value instanceof Boolean) {
            out.append(((Boolean) value).booleanValue());
        } else if (value instanceof Number) {
            appendNumber(out, (Number) value);
        } else if (value instanceof JsonObject) {
            appendObject(out, ((JsonObject) value).asMap());
        } else if (value instanceof Map) {
            appendObject(out, (Map<?, ?>) value);
        } else if (value instanceof Iterable) {
            appendArray(out, (Iterable<?>) value);
        } else if (value instanceof Object[]) {
            appendArray(out, java.util.Arrays.asList((Object[]) value));
        } else {
            throw new Unwritable("a " + value.getClass().getName(),
                    "null, a boolean, a number, a string, a list or a map with string keys");
        }
    }

    private static void appendNumber(StringBuilder out, Number number) {
        if (number instanceof Integer || number instanceof Long || number instanceof Short
                || number instanceof Byte || number instanceof BigInteger || number instanceof BigDecimal) {
            out.append(number);
        } else if (number instanceof Double || number instanceof Float) {
            double real = number.doubleValue();
            if (Double.isNaN(real) || Double.isInfinite(real)) {
                throw new Unwritable("the real " + number, "a finite number (JSON has no NaN or infinity)");
            }
            out.append(number);
        } else {
            throw new Unwritable("a " + number.getClass().getName(),
                    "an Integer, a Long, a Short, a Byte, a BigInteger, a BigDecimal, a Double or a Float");
        }
    }

    private static void appendObject(StringBuilder out, Map<?, ?> members) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> member : members.entrySet()) {
            if (!(member.getKey() instanceof String)) {
                String found = member.getKey() == null ? "the key null"
                        : "a key of type " + member.getKey().getClass().getName();
                throw new Unwritable(found, "string keys only");
            }
            String key = (String) member.getKey();
            if (!first) {
                out.append(',');
            }
            first = false;
            appendString(out, key);
            out.append(':');
            try {
                append(out, member.getValue());
            } catch (Unwritable problem) {
                throw problem.within(isPlainName(key) ? "." + key : "[" + write(key) + "]");
            }
        }
        out.append('}');
    }

    private static void appendArray(StringBuilder out, Iterable<?> elements) {
        out.append('[');
        int index = 0;
        for (Object element : elements) {
            if (index > 0) {
                out.append(',');
            }
            try {
                append(out, element);
            } catch (Unwritable problem) {
                throw problem.within("[" + index + "]");
            }
            index++;
        }
        out.append(']');
    }

    private static void appendString(StringBuilder out, String text) {
        out.append('"');
        int length = text.length();
        for (int index = 0; index < length; index++) {
            char c = text.charAt(index);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                case '\b':
                    out.append("\\b");
                    break;
                case '\f':
                    out.append("\\f");
                    break;
                default:
                    boolean paired = Character.isHighSurrogate(c) && index + 1 < length
                            && Character.isLowSurrogate(text.charAt(index + 1));
                    if (paired) {
                        out.append(c).append(text.charAt(++index));
                    } else if (c < 0x20 || Character.isSurrogate(c)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    /** A key that reads well in a path after a dot: letters, digits and underscores. */
    private static boolean isPlainName(String key) {
        return !key.isEmpty() && key.chars().allMatch(c -> c == '_' || (c < 128 && Character.isLetterOrDigit(c)));
    }

    /** A value that cannot be written, and its place, found from the inside out. */
    private static final class Unwritable extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String found;
        final String expected;
        final StringBuilder path = new StringBuilder();

        Unwritable(String found, String expected) {
            super(null, null, false, false);
            this.found = found;
            this.expected = expected;
        }

        Unwritable within(String step) {
            String inner = path.toString();
            path.setLength(0);
            path.append(step).append(inner);
            return this;
        }
    }
}
