package dev.iamspec.kit;

import java.util.List;

/**
 * One {@code case} request: what the {@link EngineFactory} gets to make a fresh engine. The config
 * and the messages are the protocol's objects with every key present, {@code null} where the case
 * format says "none" (Specs/PROTOCOL.md, "The case"): read them with {@link JsonObject}'s getters.
 * From Kotlin: {@code case.caseId}, {@code case.profile}, {@code case.config},
 * {@code case.messages}, {@code case.protocol}.
 */
public final class Case {
    private final String caseId;
    private final String profile;
    private final JsonObject config;
    private final List<JsonObject> messages;
    private final int protocol;

    /**
     * A case, as the kit makes it from a request (or a test of your adapter does); none may be
     * null.
     */
    public Case(String caseId, String profile, JsonObject config, List<JsonObject> messages, int protocol) {
        this.caseId = caseId;
        this.profile = profile;
        this.config = config;
        this.messages = List.copyOf(messages);
        this.protocol = protocol;
    }

    /**
     * The case's request read: its keys checked for type, the messages placed as {@code
     * messages[i]}.
     */
    static Case fromRequest(JsonObject request, int protocol) {
        return new Case(request.getString("case_id"), request.getString("profile"), request.getObject("config"),
                request.getObjectList("messages"), protocol);
    }

    /** The case's id, as in the spec file: {@code stack.lifo-basic}. */
    public String getCaseId() {
        return caseId;
    }

    /** The SDK generation whose rules apply: {@code braze-swift} or {@code appboy-legacy}. */
    public String getProfile() {
        return profile;
    }

    /**
     * The config: {@code minimum_trigger_interval_ms}, {@code device}, {@code orientation}, {@code
     * delegate}.
     */
    public JsonObject getConfig() {
        return config;
    }

    /** The messages the server delivers at each session start, in delivered order; read-only. */
    public List<JsonObject> getMessages() {
        return messages;
    }

    /** The protocol version negotiated by {@code hello}: 2, or 1 for an older iamspec. */
    public int getProtocol() {
        return protocol;
    }

    /** The case's id, profile and number of messages, for logs. */
    @Override
    public String toString() {
        return "Case(" + caseId + ", " + profile + ", " + messages.size() + " messages)";
    }
}
