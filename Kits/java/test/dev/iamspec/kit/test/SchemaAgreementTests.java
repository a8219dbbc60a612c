package dev.iamspec.kit.test;

import static dev.iamspec.kit.test.Check.equal;
import static dev.iamspec.kit.test.Check.holds;
import static dev.iamspec.kit.test.Check.matches;
import static dev.iamspec.kit.test.Conversation.bare;
import static dev.iamspec.kit.test.Conversation.hello;
import static dev.iamspec.kit.test.Conversation.stimulus;
import static dev.iamspec.kit.test.Conversation.testCase;

import dev.iamspec.kit.Engine;
import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.JsonReader;
import dev.iamspec.kit.Kit;
import dev.iamspec.kit.Observations;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kit against the protocol's own schemas in this checkout (Specs/schemas/protocol): a builder
 * for every observation of the versions it speaks, a method name of its own for every stimulus by
 * the {@code on<Kind>} rule, and answers with exactly the keys each answer's schema allows.
 */
final class SchemaAgreementTests {
    private SchemaAgreementTests() {}

    static void register(Check check, String schemas) {
        check.test("schema: every observation of the versions the kit speaks has a builder giving exactly its keys", () -> {
            List<JsonObject> kinds = definitions(schemas).getObject("$defs").getObject("observation").getObjectList("oneOf");
            holds(kinds.size() >= 9, "the protocol's observations, found " + kinds.size());
            int newest = Collections.max(Kit.PROTOCOLS);
            for (JsonObject schema : kinds) {
                String kind = schema.getObject("properties").getObject("kind").getString("const");
                if (cameWith(schema) > newest) {
                    continue;
                }
                // Its arguments are the observation's keys, in the order the schema requires them.
                List<String> keys = new ArrayList<>(schema.getStringList("required"));
                keys.remove("kind");
                Method builder = builder(camelCase(kind), keys.size());
                holds(builder != null, "the kit speaks protocol " + cameWith(schema) + " but has no builder "
                        + camelCase(kind) + " with " + keys.size() + " arguments for " + kind);
                Map<String, Object> expected = new LinkedHashMap<>();
                expected.put("kind", kind);
                List<Object> arguments = new ArrayList<>();
                for (String key : keys) {
                    Object sample = sample(key, schema.getObject("properties").getObject(key));
                    expected.put(key, sample);
                    arguments.add(sample);
                }
                equal(expected, builder.invoke(null, arguments.toArray()));
            }
        });

        check.test("schema: every stimulus kind's method is on and the kind in UpperCamelCase, a name of its own", () -> {
            List<JsonObject> kinds = definitions(schemas).getObject("$defs").getObject("stimulus").getObjectList("oneOf");
            holds(kinds.size() >= 24, "the protocol's stimuli, found " + kinds.size());
            Set<String> names = new HashSet<>();
            for (JsonObject schema : kinds) {
                String kind = schema.getObject("properties").getObject("kind").getString("const");
                String name = Engine.handlerName(kind);
                matches("on([A-Z][a-z0-9]*)+", name);
                // Back to the kind: each capital letter a word of it, after an underscore.
                equal("on_" + kind, name.replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT));
                holds(names.add(name), "a name of its own for " + kind + ", found " + name + " twice");
            }
            equal(List.of("onSessionStart", "onInspectStack", "onAdvance", "onPushOpen"), List.of(
                    Engine.handlerName("session_start"), Engine.handlerName("inspect_stack"),
                    Engine.handlerName("advance"), Engine.handlerName("push_open")));
        });

        check.test("schema: every answer the kit writes has the keys its schema requires, and no other", () -> {
            Conversation talk = new Conversation(ProtocolLoopTests.Counter::new, hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "inspect_stack"), stimulus(3, "session_start", "sync", "complete"),
                    stimulus(4, "advance", "by_ms", 13L), bare("end_case", 5), testCase(6, "d", "implemented"));
            Set<String> seen = new HashSet<>();
            for (Map<String, Object> answer : talk.answers) {
                String type = (String) answer.get("type");
                seen.add(type);
                JsonObject schema = schema(schemas, type + ".json");
                equal(type, schema.getObject("properties").getObject("type").getString("const"));
                Set<String> allowed = schema.getObject("properties").asMap().keySet();
                holds(allowed.containsAll(answer.keySet()), type + " with only the keys " + allowed + ", found "
                        + answer.keySet());
                holds(answer.keySet().containsAll(schema.getStringList("required")), type + " with every required key "
                        + schema.getStringList("required") + ", found " + answer.keySet());
            }
            equal(Set.of("hello_reply", "ready", "observations", "unsupported", "error", "ended", "skipped"), seen);
        });
    }

    /**
     * A kind whose description starts "Protocol N:" came with version N; every other one with
     * version 1.
     */
    private static int cameWith(JsonObject schema) {
        Object description = schema.get("description");
        Matcher protocol = Pattern.compile("^Protocol (\\d+):").matcher(description instanceof String ? (String) description : "");
        return protocol.find() ? Integer.parseInt(protocol.group(1)) : 1;
    }

    /** {@code rolled_back} -> {@code rolledBack}. */
    private static String camelCase(String kind) {
        StringBuilder name = new StringBuilder();
        for (String word : kind.split("_")) {
            name.append(name.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return name.toString();
    }

    private static Method builder(String name, int arity) {
        for (Method method : Observations.class.getMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == arity) {
                return method;
            }
        }
        return null;
    }

    /** A value the schema accepts for one of an observation's keys. */
    private static Object sample(String key, JsonObject property) {
        if (property.has("enum")) {
            return property.getList("enum").get(0);
        }
        switch (key) {
            case "message":
                return "m";
            case "messages":
                return List.of("m");
            case "event":
                return Map.of("kind", "session_start");
            default:
                throw new AssertionError("no sample for the key " + key + ": teach the test one");
        }
    }

    private static JsonObject definitions(String schemas) throws java.io.IOException {
        return schema(schemas, "definitions.json");
    }

    @SuppressWarnings("unchecked")
    private static JsonObject schema(String schemas, String file) throws java.io.IOException {
        return new JsonObject((Map<String, Object>) JsonReader.parse(Files.readString(Path.of(schemas, file))), file);
    }
}
