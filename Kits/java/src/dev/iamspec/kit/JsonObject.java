package dev.iamspec.kit;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A read-only view of one JSON object of a request (a stimulus, a case's config, a message, a
 * trigger...), with typed getters that check what they read. A getter given a key that is
 * missing or holds another type throws a {@link JsonException} naming the place, what was found
 * and what was expected ({@code stimulus.by_ms: found "soon", expected an integer}); the kit
 * answers it as an {@code error}. The getters never return {@code null} except those named
 * {@code ...OrNull} and {@link #get}.
 *
 * <p>From Kotlin, {@code stimulus["name"]} reads a raw value, and {@code path} is the object's
 * place.
 */
public final class JsonObject {
    private final Map<String, Object> members;
    private final String path;

    /**
     * A view of the members (not copied: the view sees the map as it is), placed at {@code path}
     * for the messages of its getters, such as {@code stimulus} or {@code messages[2].triggers[0]}
     * ({@code ""} for a whole request: its keys are then named alone).
     */
    public JsonObject(Map<String, Object> members, String path) {
        this.members = Collections.unmodifiableMap(members);
        this.path = path;
    }

    /** Where the object is in its request, as the getters' messages name it. */
    public String getPath() {
        return path;
    }

    /** The members, read-only, in their order; values as {@link JsonReader} reads them. */
    public Map<String, Object> asMap() {
        return members;
    }

    /** Whether the object has the key, whatever its value (even {@code null}). */
    public boolean has(String key) {
        return members.containsKey(key);
    }

    /**
     * The raw value of a key ({@link JsonReader}'s types), or {@code null} when it is null or
     * absent.
     */
    public Object get(String key) {
        return members.get(key);
    }

    /** A string. */
    public String getString(String key) {
        Object value = present(key);
        if (value instanceof String) {
            return (String) value;
        }
        throw wrong(key, value, "a string");
    }

    /** A string, or {@code null} when the value is {@code null}. */
    public String getStringOrNull(String key) {
        Object value = present(key);
        return value == null ? null : getString(key);
    }

    /**
     * An integer within 64 bits; a real with a zero fraction counts ({@code 1500.0}), as
     * Specs/PROTOCOL.md says.
     */
    public long getLong(String key) {
        Object value = present(key);
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof Double || value instanceof Float) {
            double real = ((Number) value).doubleValue();
            if (real == Math.rint(real) && Math.abs(real) < 0x1p63) {
                return (long) real;
            }
        }
        if (value instanceof BigInteger) {
            throw wrong(key, value, "an integer within 64 bits");
        }
        throw wrong(key, value, "an integer");
    }

    /** An integer as {@link #getLong} reads it, or {@code null} when the value is {@code null}. */
    public Long getLongOrNull(String key) {
        Object value = present(key);
        return value == null ? null : getLong(key);
    }

    /** A number: a {@code Long} or {@code BigInteger} (an integer) or a {@code Double} (a real). */
    public Number getNumber(String key) {
        Object value = present(key);
        if (value instanceof Number) {
            return (Number) value;
        }
        throw wrong(key, value, "a number");
    }

    /** A boolean. */
    public boolean getBoolean(String key) {
        Object value = present(key);
        if (value instanceof Boolean) {
            return (Boolean) value;
        }
        throw wrong(key, value, "true or false");
    }

    /** An object, as a view placed below this one. */
    public JsonObject getObject(String key) {
        return asObject(present(key), place(key), key);
    }

    /** An array, read-only, its elements raw. */
    public List<Object> getList(String key) {
        Object value = present(key);
        if (value instanceof List) {
            @SuppressWarnings("unchecked")
            List<Object> elements = (List<Object>) value;
            return Collections.unmodifiableList(elements);
        }
        throw wrong(key, value, "an array");
    }

    /** An array of objects, each as a view placed below this one ({@code messages[0]}, ...). */
    public List<JsonObject> getObjectList(String key) {
        List<Object> elements = getList(key);
        List<JsonObject> objects = new ArrayList<>(elements.size());
        for (int index = 0; index < elements.size(); index++) {
            objects.add(asObject(elements.get(index), place(key) + "[" + index + "]", key + "[" + index + "]"));
        }
        return Collections.unmodifiableList(objects);
    }

    /** An array of strings. */
    public List<String> getStringList(String key) {
        List<Object> elements = getList(key);
        List<String> strings = new ArrayList<>(elements.size());
        for (int index = 0; index < elements.size(); index++) {
            Object element = elements.get(index);
            if (!(element instanceof String)) {
                throw wrong(key + "[" + index + "]", element, "a string");
            }
            strings.add((String) element);
        }
        return Collections.unmodifiableList(strings);
    }

    /** An object whose values are all strings (a message's {@code extras}), in its order. */
    public Map<String, String> getStringMap(String key) {
        JsonObject object = getObject(key);
        Map<String, String> strings = new LinkedHashMap<>();
        for (String member : object.members.keySet()) {
            strings.put(member, object.getString(member));
        }
        return Collections.unmodifiableMap(strings);
    }

    /** The object as compact JSON. */
    @Override
    public String toString() {
        return JsonWriter.write(members);
    }

    /** Objects with equal members are equal, wherever they are placed. */
    @Override
    public boolean equals(Object other) {
        return other instanceof JsonObject && members.equals(((JsonObject) other).members);
    }

    /** The members' hash code. */
    @Override
    public int hashCode() {
        return members.hashCode();
    }

    private Object present(String key) {
        if (!members.containsKey(key)) {
            throw new JsonException(place(key) + ": found nothing, expected the key " + JsonWriter.write(key));
        }
        return members.get(key);
    }

    private JsonObject asObject(Object value, String place, String key) {
        if (value instanceof Map) {
            @SuppressWarnings("unchecked")
            Map<String, Object> object = (Map<String, Object>) value;
            return new JsonObject(object, place);
        }
        throw wrong(key, value, "an object");
    }

    private JsonException wrong(String key, Object value, String expected) {
        return new JsonException(place(key) + ": found " + describe(value) + ", expected " + expected);
    }

    /**
     * Where a key of this object is: {@code stimulus.by_ms}, or the key alone in a whole request.
     */
    private String place(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    /** A value as an error message shows it: JSON, shortened; an object or an array by its kind. */
    static String describe(Object value) {
        if (value instanceof Map || value instanceof JsonObject) {
            return "an object";
        }
        if (value instanceof List) {
            return "an array";
        }
        String text;
        try {
            text = JsonWriter.write(value);
        } catch (JsonException unwritable) {
            text = "a " + value.getClass().getName();
        }
        return text.length() > 80 ? text.substring(0, 77) + "..." : text;
    }
}
