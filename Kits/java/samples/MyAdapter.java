// The Java kit used from Java, as Kits/java/README.md shows it: the adapter below is the README's
// sample word for word (scripts/test checks, and compiles it), on a stand-in engine, MyEngine, at
// the end of the file.

import dev.iamspec.kit.Case;
import dev.iamspec.kit.Engine;
import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.Kit;
import dev.iamspec.kit.Observations;
import dev.iamspec.kit.Unsupported;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

public final class MyAdapter implements Engine {
    private final MyEngine engine;

    MyAdapter(Case testCase) {
        JsonObject config = testCase.getConfig();
        if (!config.getString("delegate").equals("absent")) {
            throw new Unsupported("my engine has no display delegate"); // the case is skipped
        }
        engine = new MyEngine(testCase.getProfile(), config.getLong("minimum_trigger_interval_ms"),
                testCase.getMessages());
    }

    // on<Kind>, public, for a stimulus kind ...
    public List<Map<String, Object>> onSessionStart(JsonObject stimulus) {
        if (!stimulus.getString("sync").equals("complete")) {
            throw new Unsupported("my engine has no session sync"); // the step is declined
        }
        return engine.startSession().stream()
                .map(shown -> Observations.displayed(shown.id, shown.extras))
                .collect(Collectors.toList());
    }

    public List<Map<String, Object>> onAdvance(JsonObject stimulus) {
        engine.advance(stimulus.getLong("by_ms"));
        return null; // no observation
    }

    @Override // ... or handle() for every kind without its own
    public List<Map<String, Object>> handle(JsonObject stimulus) {
        throw new Unsupported(stimulus.getString("kind") + " is not mapped yet"); // the step is declined
    }

    @Override // optional: end_case
    public void close() {
        engine.shutdown();
    }

    public static void main(String[] arguments) {
        System.exit(Kit.serve("my-engine", "1.0.0", List.of("braze-swift"),
                List.of("analytics", "trigger-session-start"), MyAdapter::new));
    }
}

// -- the stand-in engine: what your SDK's engine is in a real adapter --------------------------

final class Shown {
    final String id;
    final Map<String, String> extras;

    Shown(String id, Map<String, String> extras) {
        this.id = id;
        this.extras = extras;
    }
}

final class MyEngine {
    private final List<JsonObject> messages;
    private long now;

    MyEngine(String profile, long interval, List<JsonObject> messages) {
        this.messages = messages;
    }

    List<Shown> startSession() {
        return messages.stream()
                .filter(message -> message.getObjectList("triggers").stream()
                        .anyMatch(trigger -> trigger.getString("kind").equals("session_start")))
                .limit(1)
                .map(message -> new Shown(message.getString("id"), message.getStringMap("extras")))
                .collect(Collectors.toList());
    }

    void advance(long by) {
        now += by;
    }

    void shutdown() {
        System.err.println("shut down at " + now + " ms");
    }
}
