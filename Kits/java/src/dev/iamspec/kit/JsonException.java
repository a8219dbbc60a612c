package dev.iamspec.kit;

/**
 * JSON that cannot be read or written, or a value of the wrong shape: the message says where
 * (a column of the line, or a path such as {@code stimulus.by_ms}), what was found and what was
 * expected. Unchecked, so that Kotlin and Java callers alike may let it reach the kit, which
 * answers it as an {@code error}.
 */
public final class JsonException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** An exception whose message says where, what was found and what was expected. */
    public JsonException(String message) {
        super(message);
    }
}
