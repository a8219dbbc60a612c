package dev.iamspec.kit.test;

import static dev.iamspec.kit.test.Check.equal;
import static dev.iamspec.kit.test.Check.matches;
import static dev.iamspec.kit.test.Conversation.hello;
import static dev.iamspec.kit.test.Conversation.message;
import static dev.iamspec.kit.test.Conversation.stimulus;
import static dev.iamspec.kit.test.Conversation.testCase;

import dev.iamspec.kit.Engine;
import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.Observations;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * How a stimulus reaches the engine: the public method named by {@link Engine#handlerName}, found
 * on the engine's class, else {@link Engine#handle}; a method with the name but not the signature
 * is an error the adapter's author sees.
 */
final class DispatchTests {
    private DispatchTests() {}

    /** Methods inherited by {@link Recorder}: found on a superclass too. */
    static class RecorderBase implements Engine {
        public List<Map<String, Object>> onPushOpen(JsonObject stimulus) {
            return List.of(Observations.displayed("push:" + stimulus.getStringOrNull("campaign")));
        }
    }

    /** A method per kind for some kinds, {@code handle} for the others, each saying who answered. */
    static final class Recorder extends RecorderBase {
        public List<Map<String, Object>> onSessionStart(JsonObject stimulus) {
            return List.of(Observations.displayed("session:" + stimulus.getString("sync")));
        }

        public List<Map<String, Object>> onInspectStack(JsonObject stimulus) {
            return List.of(Observations.stack(List.of("top", "bottom")));
        }

        /** An overload with the name: the one taking the stimulus is the method, this one a helper. */
        public List<Map<String, Object>> onKeyboardShown(long times) {
            return List.of(Observations.displayed("keyboard x" + times));
        }

        public List<Map<String, Object>> onKeyboardShown(JsonObject stimulus) {
            return onKeyboardShown(1);
        }

        public List<Map<String, Object>> onPurchase(JsonObject stimulus) throws IOException {
            throw new IOException("the ledger is closed");
        }

        @Override
        public List<Map<String, Object>> handle(JsonObject stimulus) {
            return List.of(Observations.displayed("handled:" + stimulus.getString("kind")));
        }
    }

    /** Methods with a stimulus's name but not the signature. */
    static final class WrongSignatures implements Engine {
        public void onAdvance(JsonObject stimulus) {}

        public List<Map<String, Object>> onClick(String message) {
            return List.of(Observations.clickLogged(message));
        }

        List<Map<String, Object>> onDismiss(JsonObject stimulus) {
            return List.of();
        }

        public static List<Map<String, Object>> onBackground(JsonObject stimulus) {
            return List.of();
        }

        public Map<String, Object> onForeground(JsonObject stimulus) {
            return Observations.displayed("m");
        }

        public List<Map<String, Object>> onRelaunch(JsonObject stimulus) {
            return List.of(Observations.stack(List.of()));
        }
    }

    /**
     * A Kotlin {@code internal fun onDismiss(stimulus: JsonObject)} as kotlinc compiles it: public,
     * named after its module ({@code onDismiss$app}).
     */
    static final class KotlinInternal implements Engine {
        public List<Map<String, Object>> onDismiss$app(JsonObject stimulus) {
            return List.of();
        }
    }

    static void register(Check check) {
        check.test("dispatch: a kind's public on<Kind> method is called with the stimulus, an inherited one too", () -> {
            Conversation talk = new Conversation(testCase -> new Recorder(), hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "session_start", "sync", "pending"), stimulus(3, "inspect_stack"),
                    stimulus(4, "push_open", "campaign", "spring"), stimulus(5, "keyboard_shown"));
            equal(List.of(message("type", "observations", "seq", 2L, "observations",
                    List.of(message("kind", "displayed", "message", "session:pending"))),
                    message("type", "observations", "seq", 3L, "observations",
                            List.of(message("kind", "stack", "messages", List.of("top", "bottom")))),
                    message("type", "observations", "seq", 4L, "observations",
                            List.of(message("kind", "displayed", "message", "push:spring"))),
                    message("type", "observations", "seq", 5L, "observations",
                            List.of(message("kind", "displayed", "message", "keyboard x1")))),
                    talk.answers.subList(2, talk.answers.size()));
        });

        check.test("dispatch: a kind without a method, known or newer than the kit, goes to handle", () -> {
            Conversation talk = new Conversation(testCase -> new Recorder(), hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "app_dismiss"), stimulus(3, "teleport", "to", "moon"), stimulus(4, "sync_complete"));
            equal(List.of("handled:app_dismiss", "handled:teleport", "handled:sync_complete"),
                    List.of(shown(talk, 2), shown(talk, 3), shown(talk, 4)));
        });

        check.test("dispatch: each engine class has its own methods, the same kind reaching each one's", () -> {
            Conversation talk = new Conversation(
                    testCase -> testCase.getCaseId().equals("counter") ? new ProtocolLoopTests.Counter(testCase)
                            : new Recorder(),
                    hello(2), testCase(1, "recorder", "absent"), stimulus(2, "inspect_stack"),
                    stimulus(3, "custom_event", "name", "tap", "properties", Map.of(), "source", "sdk"),
                    testCase(4, "counter", "absent"), stimulus(5, "inspect_stack"),
                    stimulus(6, "custom_event", "name", "tap", "properties", Map.of(), "source", "sdk"),
                    testCase(7, "recorder", "absent"), stimulus(8, "custom_event", "name", "tap", "properties",
                            Map.of(), "source", "sdk"));
            equal(List.of("top", "bottom"), messages(talk, 2));
            equal("handled:custom_event", shown(talk, 3));
            equal(List.of("b", "a"), messages(talk, 5));
            equal("tap", shown(talk, 6));
            equal("handled:custom_event", shown(talk, 8));
        });

        check.test("dispatch: a method's checked exception is the engine's, with its type, message and line", () -> {
            Conversation talk = new Conversation(testCase -> new Recorder(), hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "purchase", "product", "p", "price", 1.0, "properties", Map.of(), "source", "sdk"),
                    stimulus(3, "inspect_stack"));
            matches("IOException while handling the purchase stimulus: the ledger is closed at "
                    + "DispatchTests\\.java:\\d+ in onPurchase", (String) talk.answers.get(2).get("message"));
            equal(List.of("top", "bottom"), messages(talk, 3));
        });

        check.test("dispatch: a method with the name but not the signature is an error naming it and the one expected",
                () -> {
                    Conversation talk = new Conversation(testCase -> new WrongSignatures(), hello(2),
                            testCase(1, "c", "absent"), stimulus(2, "advance", "by_ms", 1L),
                            stimulus(3, "click", "message", "m"), stimulus(4, "dismiss", "message", "m"),
                            stimulus(5, "background"), stimulus(6, "foreground"), stimulus(7, "advance", "by_ms", 1L),
                            stimulus(8, "relaunch"));
                    equal(message("type", "error", "seq", 2L, "message", "IllegalStateException while handling the "
                            + "advance stimulus: found public void WrongSignatures.onAdvance(JsonObject), expected the "
                            + "advance stimulus's method, public List<Map<String, Object>> onAdvance(JsonObject "
                            + "stimulus) (in Kotlin: fun onAdvance(stimulus: JsonObject): List<Map<String, Any>>?), "
                            + "or no method of that name (then handle(stimulus) is called)"), talk.answers.get(2));
                    String expected = ", expected the \\w+ stimulus's method, public List<Map<String, Object>> on\\w+"
                            + "\\(JsonObject stimulus\\) .*";
                    matches("IllegalStateException while handling the click stimulus: found public List "
                            + "WrongSignatures\\.onClick\\(String\\)" + expected, errorMessage(talk, 3));
                    matches("IllegalStateException while handling the dismiss stimulus: found package-private List "
                            + "WrongSignatures\\.onDismiss\\(JsonObject\\)" + expected, errorMessage(talk, 4));
                    matches("IllegalStateException while handling the background stimulus: found public static List "
                            + "WrongSignatures\\.onBackground\\(JsonObject\\)" + expected, errorMessage(talk, 5));
                    matches("IllegalStateException while handling the foreground stimulus: found public Map "
                            + "WrongSignatures\\.onForeground\\(JsonObject\\)" + expected, errorMessage(talk, 6));
                    equal(talk.answers.get(2).get("message"), errorMessage(talk, 7));
                    equal(List.of(), messages(talk, 8));
                });

        check.test("dispatch: a Kotlin internal on<Kind> function is an error saying to make it public, not a decline",
                () -> {
                    Conversation talk = new Conversation(testCase -> new KotlinInternal(), hello(2),
                            testCase(1, "c", "absent"), stimulus(2, "dismiss", "message", "m"));
                    equal(message("type", "error", "seq", 2L, "message", "IllegalStateException while handling the "
                            + "dismiss stimulus: found public List KotlinInternal.onDismiss$app(JsonObject) (a Kotlin "
                            + "internal function, whose JVM name carries its module's after a $: make it public), "
                            + "expected the dismiss stimulus's method, public List<Map<String, Object>> "
                            + "onDismiss(JsonObject stimulus) (in Kotlin: fun onDismiss(stimulus: JsonObject): "
                            + "List<Map<String, Any>>?), or no method of that name (then handle(stimulus) is called)"),
                            talk.answers.get(2));
                });
    }

    /** The message of the single displayed observation the answer at the index carries. */
    private static Object shown(Conversation talk, int index) {
        List<?> observations = (List<?>) talk.answers.get(index).get("observations");
        equal(1, observations.size());
        return ((Map<?, ?>) observations.get(0)).get("message");
    }

    /** The messages of the single stack observation the answer at the index carries. */
    private static Object messages(Conversation talk, int index) {
        List<?> observations = (List<?>) talk.answers.get(index).get("observations");
        equal(1, observations.size());
        return ((Map<?, ?>) observations.get(0)).get("messages");
    }

    /** The message of the error answer at the index. */
    private static String errorMessage(Conversation talk, int index) {
        equal("error", talk.answers.get(index).get("type"));
        return (String) talk.answers.get(index).get("message");
    }
}
