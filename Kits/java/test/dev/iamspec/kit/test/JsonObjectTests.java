package dev.iamspec.kit.test;

import static dev.iamspec.kit.test.Check.equal;
import static dev.iamspec.kit.test.Check.holds;
import static dev.iamspec.kit.test.Check.raises;

import dev.iamspec.kit.JsonException;
import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.JsonReader;
import java.util.List;
import java.util.Map;

/** JsonObject: typed getters that read what they expect, and name the place of what they do not. */
final class JsonObjectTests {
    private JsonObjectTests() {}

    static void register(Check check) {
        JsonObject request = object("{\"stimulus\":{\"kind\":\"advance\",\"by_ms\":1500.0,\"half\":1.5,\"huge\":"
                + "9223372036854775808,\"text\":\"soon\",\"none\":null,\"flag\":true},\"messages\":[{\"id\":\"a\","
                + "\"extras\":{\"k\":\"v\"},\"triggers\":[]},{\"id\":3}],\"ids\":[\"x\",2]}");

        check.test("object: getters read their type; a real with a zero fraction is an integer", () -> {
            JsonObject stimulus = request.getObject("stimulus");
            equal("stimulus", stimulus.getPath());
            equal("advance", stimulus.getString("kind"));
            equal(1500L, stimulus.getLong("by_ms"));
            equal(1.5, stimulus.getNumber("half"));
            equal(null, stimulus.getStringOrNull("none"));
            equal(null, stimulus.getLongOrNull("none"));
            equal(true, stimulus.getBoolean("flag"));
            holds(stimulus.has("none") && !stimulus.has("absent"), "has() to tell a null value from an absent key");
            equal(Map.of("k", "v"), request.getObjectList("messages").get(0).getStringMap("extras"));
            equal("messages[1]", request.getObjectList("messages").get(1).getPath());
        });

        check.test("object: a missing key or a wrong type names its place, what was found and what was expected", () -> {
            JsonObject stimulus = request.getObject("stimulus");
            equal("stimulus.half: found 1.5, expected an integer", message(() -> stimulus.getLong("half")));
            equal("stimulus.text: found \"soon\", expected an integer", message(() -> stimulus.getLong("text")));
            equal("stimulus.huge: found 9223372036854775808, expected an integer within 64 bits",
                    message(() -> stimulus.getLong("huge")));
            equal("stimulus.sync: found nothing, expected the key \"sync\"", message(() -> stimulus.getString("sync")));
            equal("stimulus.none: found null, expected a string", message(() -> stimulus.getString("none")));
            equal("messages[1].id: found 3, expected a string",
                    message(() -> request.getObjectList("messages").get(1).getString("id")));
            equal("messages[1].extras: found nothing, expected the key \"extras\"",
                    message(() -> request.getObjectList("messages").get(1).getStringMap("extras")));
            equal("ids[1]: found 2, expected a string", message(() -> request.getStringList("ids")));
            equal("stimulus: found an object, expected an array", message(() -> request.getList("stimulus")));
        });

        check.test("object: the view is read-only", () -> {
            raises(UnsupportedOperationException.class, () -> request.asMap().put("x", 1));
            raises(UnsupportedOperationException.class, () -> request.getList("ids").add("y"));
            raises(UnsupportedOperationException.class, () -> request.getObjectList("messages").clear());
        });

        check.test("object: written back as compact JSON, equal by members", () -> {
            JsonObject trigger = object("{\"kind\": \"session_start\"}");
            equal("{\"kind\":\"session_start\"}", trigger.toString());
            equal(trigger, new JsonObject(Map.of("kind", "session_start"), "elsewhere"));
            equal(List.of(), request.getObjectList("messages").get(0).getObjectList("triggers"));
        });
    }

    @SuppressWarnings("unchecked")
    static JsonObject object(String text) {
        return new JsonObject((Map<String, Object>) JsonReader.parse(text), "");
    }

    private static String message(Check.Body body) {
        return raises(JsonException.class, body).getMessage();
    }
}
