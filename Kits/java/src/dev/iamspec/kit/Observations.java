package dev.iamspec.kit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builders of the protocol's observations (Specs/PROTOCOL.md, "Observations"), one per kind, so
 * that a misspelt key is a compile error rather than a protocol error. Each returns a fresh,
 * mutable {@code Map} with {@code kind} first; write your own maps if you prefer. The reasons are
 * the protocol's strings ({@code "message_visible"}, {@code "timeout"}...); no argument may be
 * null unless its method says so.
 */
public final class Observations {
    private Observations() {}

    /** The message is displayed; no extras. */
    public static Map<String, Object> displayed(String message) {
        return displayed(message, null);
    }

    /**
     * The message is displayed, with the extras it carries to the app ({@code null} or empty:
     * none, and the key is left out).
     */
    public static Map<String, Object> displayed(String message, Map<String, String> extras) {
        Map<String, Object> observation = observation("displayed", "message", message);
        if (extras != null && !extras.isEmpty()) {
            observation.put("extras", new LinkedHashMap<>(extras));
        }
        return observation;
    }

    /**
     * The message goes on the stack: {@code background}, {@code message_visible}, {@code
     * delegate_later}, {@code keyboard}.
     */
    public static Map<String, Object> stacked(String message, String reason) {
        Map<String, Object> observation = observation("stacked", "message", message);
        observation.put("reason", reason);
        return observation;
    }

    /**
     * The message is dropped: {@code delegate}, {@code asset_failed}, {@code timeout}, {@code
     * orientation}, {@code missing_image}.
     */
    public static Map<String, Object> discarded(String message, String reason) {
        Map<String, Object> observation = observation("discarded", "message", message);
        observation.put("reason", reason);
        return observation;
    }

    /** The delegate rolled the message back. */
    public static Map<String, Object> rolledBack(String message) {
        return observation("rolled_back", "message", message);
    }

    /**
     * Protocol 2: the visible message left the screen (the user dismissed it, or a user change or
     * a data wipe did); for an engine that declares {@code dismissals}.
     */
    public static Map<String, Object> dismissed(String message) {
        return observation("dismissed", "message", message);
    }

    /**
     * The no-matching-trigger callback, for an event that triggered no message: see {@link
     * #triggerEvent}.
     */
    public static Map<String, Object> noMatchingTrigger(Map<String, Object> event) {
        return observation("no_matching_trigger", "event", event);
    }

    /** The message's impression is logged. */
    public static Map<String, Object> impressionLogged(String message) {
        return observation("impression_logged", "message", message);
    }

    /** The message's click is logged. */
    public static Map<String, Object> clickLogged(String message) {
        return observation("click_logged", "message", message);
    }

    /** The answer to {@code inspect_stack}: the stack's message ids, top first. */
    public static Map<String, Object> stack(List<String> messages) {
        return observation("stack", "messages", new ArrayList<>(messages));
    }

    /**
     * The trigger event a {@code session_start}, {@code custom_event}, {@code purchase} or
     * {@code push_click} stimulus is, as {@code no_matching_trigger} reports it: its kind, and its
     * name, product or campaign ({@code null} for any push).
     */
    public static Map<String, Object> triggerEvent(JsonObject stimulus) {
        String kind = stimulus.getString("kind");
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("kind", kind);
        switch (kind) {
            case "custom_event":
                event.put("name", stimulus.getString("name"));
                break;
            case "purchase":
                event.put("product", stimulus.getString("product"));
                break;
            case "push_click":
                event.put("campaign", stimulus.getStringOrNull("campaign"));
                break;
            default:
                break;
        }
        return event;
    }

    private static Map<String, Object> observation(String kind, String key, Object value) {
        Map<String, Object> observation = new LinkedHashMap<>();
        observation.put("kind", kind);
        observation.put(key, value);
        return observation;
    }
}
