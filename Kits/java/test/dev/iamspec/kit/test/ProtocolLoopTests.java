package dev.iamspec.kit.test;

import static dev.iamspec.kit.test.Check.equal;
import static dev.iamspec.kit.test.Check.holds;
import static dev.iamspec.kit.test.Check.matches;
import static dev.iamspec.kit.test.Conversation.bare;
import static dev.iamspec.kit.test.Conversation.hello;
import static dev.iamspec.kit.test.Conversation.message;
import static dev.iamspec.kit.test.Conversation.stimulus;
import static dev.iamspec.kit.test.Conversation.testCase;

import dev.iamspec.kit.Case;
import dev.iamspec.kit.Engine;
import dev.iamspec.kit.EngineFactory;
import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.Observations;
import dev.iamspec.kit.Unsupported;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The protocol loop: conversations fed to a ProtocolLoop, answers read back (Specs/PROTOCOL.md).
 */
final class ProtocolLoopTests {
    private ProtocolLoopTests() {}

    /**
     * An engine counting custom events, declining what it does not know, and failing on purpose.
     */
    /** An engine whose custom-event method is misspelt: the kit calls onCustomEvent. */
    public static final class Misspelt implements Engine {
        Misspelt(Case testCase) {}

        public List<Map<String, Object>> onCustomevent(JsonObject stimulus) {
            return List.of(Observations.displayed(stimulus.getString("name")));
        }
    }

    static final class Counter implements Engine {
        static final List<String> closed = new ArrayList<>();
        private final Case testCase;
        private int count;

        Counter(Case testCase) {
            if (!testCase.getConfig().getString("delegate").equals("absent")) {
                throw new Unsupported("no delegate here");
            }
            if (testCase.getCaseId().equals("broken")) {
                throw new IllegalArgumentException("no such profile");
            }
            this.testCase = testCase;
        }

        public List<Map<String, Object>> onCustomEvent(JsonObject stimulus) {
            count++;
            System.out.println("a debug line from the engine");
            return List.of(Observations.displayed(stimulus.getString("name"), Map.of("n", String.valueOf(count))));
        }

        public List<Map<String, Object>> onAdvance(JsonObject stimulus) {
            long by = stimulus.getLong("by_ms");
            if (by == 13) {
                throw new IllegalStateException("thirteen");
            } else if (by == 14) {
                return List.of(Observations.dismissed(stimulus.getString("message")));
            } else if (by == 15) {
                return List.of(Observations.stack(List.of(String.valueOf(deeper(0)))));
            } else if (by == 16) {
                throw new AssertionError(); // as Kotlin's TODO() throws an Error
            }
            return null;
        }

        private static int deeper(int depth) {
            return deeper(depth + 1) + 1;
        }

        public List<Map<String, Object>> onClick(JsonObject stimulus) {
            return Arrays.asList(Observations.clickLogged("m"), null);
        }

        public List<Map<String, Object>> onDismiss(JsonObject stimulus) {
            return List.of(Observations.displayed("m", Map.of("at", "x")), Map.of("kind", "stack", "messages",
                    List.of(new Object())));
        }

        public List<Map<String, Object>> onSessionStart(JsonObject stimulus) {
            throw new Unsupported("sessions are not mapped");
        }

        public List<Map<String, Object>> onInspectStack(JsonObject stimulus) {
            return List.of(Observations.stack(List.of("b", "a")));
        }

        @Override
        public void close() {
            closed.add(testCase.getCaseId());
            if (testCase.getCaseId().equals("bad-close")) {
                throw new IllegalStateException("close failed");
            }
        }
    }

    static void register(Check check) {
        check.test("loop: protocol 2 is answered with 2, the identity and pipelining", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2));
            equal(List.of(message("type", "hello_reply", "protocol", 2L, "name", "test-engine", "version", "0.1",
                    "profiles", List.of("braze-swift"), "capabilities", List.of("analytics"), "pipelining", true)),
                    talk.answers);
        });

        check.test("loop: protocol 1 is answered with 1, without pipelining; an unknown version with 2", () -> {
            Map<String, Object> first = new Conversation(Counter::new, hello(1)).answers.get(0);
            equal(1L, first.get("protocol"));
            holds(!first.containsKey("pipelining"), "no pipelining in protocol 1");
            equal(2L, new Conversation(Counter::new, hello(7)).answers.get(0).get("protocol"));
        });

        check.test("loop: a request past the 1 MiB line limit is an error, and the next is answered", () -> {
            String tooLong = "\"" + "x".repeat(1 << 20) + "\"";
            Conversation talk = new Conversation(Counter::new, tooLong, hello(2));
            equal(2, talk.answers.size());
            equal("error", talk.answers.get(0).get("type"));
            equal("the request is longer than the protocol's limit of 1048576 bytes", talk.answers.get(0).get("message"));
            equal("hello_reply", talk.answers.get(1).get("type"));
        });

        check.test("loop: a line with no end, 256 MiB of it, is one error, read in bounded memory", () -> {
            long size = 256L << 20;
            java.io.InputStream endless = new java.io.InputStream() {
                private long left = size;

                @Override
                public int read() {
                    return left-- > 0 ? 'x' : -1;
                }

                @Override
                public int read(byte[] bytes, int offset, int length) {
                    if (left <= 0) {
                        return -1;
                    }
                    int count = (int) Math.min(length, left);
                    Arrays.fill(bytes, offset, offset + count, (byte) 'x');
                    left -= count;
                    return count;
                }
            };
            java.io.ByteArrayOutputStream output = new java.io.ByteArrayOutputStream();
            new dev.iamspec.kit.ProtocolLoop("test-engine", "0.1", List.of("braze-swift"), List.of(), Counter::new)
                    .run(endless, output);
            String written = output.toString(java.nio.charset.StandardCharsets.UTF_8);
            equal(1, written.split("\n").length);
            holds(written.contains("the request is longer than the protocol's limit of 1048576 bytes"), written);
        });

        check.test("loop: every answer echoes its request's seq; nothing after the last answer", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "custom_event", "name", "tap", "properties", Map.of(), "source", "sdk"),
                    stimulus(3, "custom_event", "name", "tap", "properties", Map.of(), "source", "sdk"),
                    bare("end_case", 4), bare("shutdown", 5));
            equal(List.of(message("type", "ready", "seq", 1L),
                    message("type", "observations", "seq", 2L, "observations",
                            List.of(message("kind", "displayed", "message", "tap", "extras", Map.of("n", "1")))),
                    message("type", "observations", "seq", 3L, "observations",
                            List.of(message("kind", "displayed", "message", "tap", "extras", Map.of("n", "2")))),
                    message("type", "ended", "seq", 4L)), talk.answers.subList(1, talk.answers.size()));
            holds(talk.stderr.contains("a debug line from the engine"), "the engine's print in the log");
        });

        check.test("loop: a declined stimulus is unsupported, and the next case runs", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "session_start", "sync", "complete"), bare("end_case", 3), testCase(4, "d", "absent"),
                    stimulus(5, "advance", "by_ms", 1L));
            equal(List.of(message("type", "unsupported", "seq", 2L, "reason", "sessions are not mapped"),
                    message("type", "ended", "seq", 3L), message("type", "ready", "seq", 4L),
                    message("type", "observations", "seq", 5L, "observations", List.of())),
                    talk.answers.subList(2, talk.answers.size()));
        });

        check.test("loop: a stimulus without a method is declined naming it, a kind newer than the kit too", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "keyboard_shown"), stimulus(3, "teleport"));
            equal(message("type", "unsupported", "seq", 2L, "reason",
                    "this engine does not implement the keyboard_shown stimulus: the kit looked for a method public "
                    + "List<Map<String, Object>> onKeyboardShown(JsonObject stimulus), then handle(stimulus)"),
                    talk.answers.get(2));
            equal(message("type", "unsupported", "seq", 3L, "reason",
                    "this engine does not implement the teleport stimulus: the kit looked for a method public "
                    + "List<Map<String, Object>> onTeleport(JsonObject stimulus), then handle(stimulus)"),
                    talk.answers.get(3));
        });

        check.test("loop: a misspelt method is named beside the one the kit calls", () -> {
            Conversation talk = new Conversation(Misspelt::new, hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "custom_event", "name", "e"));
            String reason = (String) talk.answers.get(2).get("reason");
            holds(reason.contains("the kit looked for a method public List<Map<String, Object>> "
                    + "onCustomEvent(JsonObject stimulus)"), reason);
            holds(reason.endsWith("(the kit calls onCustomEvent(JsonObject stimulus); did you mean onCustomevent?)"),
                    reason);
        });

        check.test("loop: a declined case is skipped with the reason", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "c", "implemented"));
            equal(message("type", "skipped", "seq", 1L, "reason", "no delegate here"), talk.answers.get(1));
        });

        check.test("loop: protocol 1 has no seq, a declined stimulus is an error, end_case is not answered", () -> {
            Conversation talk = new Conversation(Counter::new, hello(1), testCase(0, "c", "absent"),
                    stimulus(0, "session_start", "sync", "complete"), bare("end_case", 0), testCase(0, "d", "absent"));
            equal(List.of(message("type", "ready"), message("type", "error", "message",
                    "unsupported: sessions are not mapped"), message("type", "ready")),
                    talk.answers.subList(1, talk.answers.size()));
        });

        check.test("loop: an exception is an error naming it and the engine's line; the process stays usable", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "advance", "by_ms", 13L), bare("end_case", 3), testCase(4, "d", "absent"),
                    stimulus(5, "advance", "by_ms", 1L));
            Map<String, Object> error = talk.answers.get(2);
            equal("error", error.get("type"));
            equal(2L, error.get("seq"));
            matches("IllegalStateException while handling the advance stimulus: thirteen at "
                    + "ProtocolLoopTests\\.java:\\d+ in onAdvance", (String) error.get("message"));
            holds(talk.stderr.contains("java.lang.IllegalStateException: thirteen")
                    && talk.stderr.contains("at dev.iamspec.kit.test.ProtocolLoopTests$Counter.onAdvance"),
                    "the stack trace on stderr, found: " + talk.stderr);
            equal(List.of(message("type", "ended", "seq", 3L), message("type", "ready", "seq", 4L),
                    message("type", "observations", "seq", 5L, "observations", List.of())),
                    talk.answers.subList(3, talk.answers.size()));
        });

        check.test("loop: a getter's complaint is located at the engine's line that called it", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "advance", "by_ms", 14L));
            matches("JsonException while handling the advance stimulus: stimulus\\.message: found nothing, expected "
                    + "the key \"message\" at ProtocolLoopTests\\.java:\\d+ in onAdvance",
                    (String) talk.answers.get(2).get("message"));
        });

        check.test("loop: an Error (a stack overflow, Kotlin's TODO()) is an error answer too, not a crash", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "advance", "by_ms", 15L), stimulus(3, "advance", "by_ms", 16L),
                    stimulus(4, "inspect_stack"));
            matches("StackOverflowError while handling the advance stimulus: \\(no message\\) at "
                    + "ProtocolLoopTests\\.java:\\d+ in deeper", (String) talk.answers.get(2).get("message"));
            matches("AssertionError while handling the advance stimulus: \\(no message\\) at "
                    + "ProtocolLoopTests\\.java:\\d+ in onAdvance", (String) talk.answers.get(3).get("message"));
            equal(message("type", "observations", "seq", 4L, "observations",
                    List.of(message("kind", "stack", "messages", List.of("b", "a")))), talk.answers.get(4));
        });

        check.test("loop: an exception making the engine is an error for that case", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "broken", "absent"),
                    testCase(2, "fine", "absent"));
            matches("IllegalArgumentException while making the engine for case broken: no such profile at "
                    + "ProtocolLoopTests\\.java:\\d+ in <init>", (String) talk.answers.get(1).get("message"));
            equal(message("type", "ready", "seq", 2L), talk.answers.get(2));
        });

        check.test("loop: a case request missing a key is an error naming it; a null engine is an error", () -> {
            Map<String, Object> noConfig = testCase(1, "c", "absent");
            noConfig.remove("config");
            Conversation talk = new Conversation(Counter::new, hello(2), noConfig);
            equal(message("type", "error", "seq", 1L, "message", "JsonException while making the engine for case c: "
                    + "config: found nothing, expected the key \"config\""), talk.answers.get(1));
            Conversation nothing = new Conversation(testCase -> null, hello(2), testCase(1, "c", "absent"));
            equal(message("type", "error", "seq", 1L, "message",
                    "the engine factory returned null for case c, expected an engine"), nothing.answers.get(1));
        });

        check.test("loop: a result that is not a list of observations, or not JSON, is an error saying so", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "click", "message", "m"), stimulus(3, "dismiss", "message", "m"));
            equal(message("type", "error", "seq", 2L, "message", "IllegalStateException while handling the click "
                    + "stimulus: the click handler's observation 1 is null, expected a map with a string \"kind\""),
                    talk.answers.get(2));
            equal(message("type", "error", "seq", 3L, "message", "the answer cannot be written as JSON: "
                    + "observations[1].messages[0]: found a java.lang.Object, expected null, a boolean, a number, "
                    + "a string, a list or a map with string keys"), talk.answers.get(3));
        });

        check.test("loop: a line that is not UTF-8, not JSON, not an object or not a request is an error; the next is answered",
                () -> {
                    Conversation talk = new Conversation(Counter::new, new byte[] {'"', (byte) 0xff, '"'}, "{not json",
                            "[1]", "{\"type\":\"dance\",\"seq\":9}", hello(2));
                    matches("the request is not UTF-8: .+", (String) talk.answers.get(0).get("message"));
                    equal(message("type", "error", "message", "the request is not JSON (line 1, column 2: found `n`, "
                            + "expected a string, the key of an object's member): {not json"), talk.answers.get(1));
                    equal(message("type", "error", "message", "the request is not a JSON object: [1]"),
                            talk.answers.get(2));
                    equal(message("type", "error", "seq", 9L, "message",
                            "unknown request type \"dance\": {\"type\":\"dance\",\"seq\":9}"), talk.answers.get(3));
                    equal("hello_reply", talk.answers.get(4).get("type"));
                });

        check.test("loop: a stimulus outside a case, or without a kind, is an error", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), stimulus(1, "advance", "by_ms", 1L),
                    testCase(2, "c", "absent"), message("type", "stimulus", "seq", 3L, "stimulus", Map.of("by_ms", 1L)));
            equal(message("type", "error", "seq", 1L, "message",
                    "a stimulus arrived outside a case that was answered ready"), talk.answers.get(1));
            equal("error", talk.answers.get(3).get("type"));
            matches("the request has no stimulus object with a string kind: .+",
                    (String) talk.answers.get(3).get("message"));
        });

        check.test("loop: blank lines are not requests, a \\r before the line end is tolerated", () -> {
            Conversation talk = new Conversation(Counter::new, "", "  \t", "{\"type\":\"hello\",\"protocol\":2}\r");
            equal(1, talk.answers.size());
            equal("hello_reply", talk.answers.get(0).get("type"));
        });

        check.test("loop: a request longer than the read buffer is read whole", () -> {
            Map<String, Object> big = stimulus(2, "custom_event", "name", "x".repeat(200_000), "properties", Map.of(),
                    "source", "sdk");
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "c", "absent"), big);
            equal("x".repeat(200_000), ((Map<?, ?>) ((List<?>) talk.answers.get(2).get("observations")).get(0))
                    .get("message"));
        });

        check.test("loop: end_case closes the engine, shutdown stops reading, the end of input closes the last", () -> {
            Counter.closed.clear();
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "first", "absent"),
                    bare("end_case", 2), testCase(3, "bad-close", "absent"), testCase(4, "second", "absent"),
                    bare("shutdown", 5), hello(2));
            equal(List.of("hello_reply", "ready", "ended", "ready", "ready"),
                    talk.answers.stream().map(answer -> answer.get("type")).collect(java.util.stream.Collectors.toList()));
            equal(List.of("first", "bad-close", "second"), Counter.closed);
            holds(talk.stderr.contains("close failed"), "a failed close logged on stderr");
            Counter.closed.clear();
            new Conversation(Counter::new, hello(2), testCase(1, "open", "absent"));
            equal(List.of("open"), Counter.closed);
        });

        check.test("loop: a string cut inside a character is an error saying where; in an error, U+FFFD", () -> {
            String cut = "\uD83C\uDF89".substring(0, 1); // the first half of 🎉
            EngineFactory cutting = testCase -> new Engine() {
                public List<Map<String, Object>> onClick(JsonObject stimulus) {
                    return List.of(Observations.displayed("m", Map.of("k", "party " + cut)));
                }

                public List<Map<String, Object>> onDismiss(JsonObject stimulus) {
                    throw new IllegalStateException("log line cut at 40 characters: " + cut);
                }

                public List<Map<String, Object>> onAdvance(JsonObject stimulus) {
                    throw new Unsupported("no clock " + cut);
                }
            };
            Conversation talk = new Conversation(cutting, hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "click", "message", "m"), stimulus(3, "dismiss", "message", "m"),
                    stimulus(4, "advance", "by_ms", 1L));
            equal(message("type", "error", "seq", 2L, "message", "the answer cannot be written as JSON: "
                    + "observations[0].extras.k: found the unpaired surrogate \\ud83c at character 6, expected whole "
                    + "characters, as UTF-8 carries them (a string cut inside a character?)"), talk.answers.get(2));
            String dismissError = (String) talk.answers.get(3).get("message");
            matches("IllegalStateException while handling the dismiss stimulus: log line cut at 40 characters: "
                    + "\uFFFD at ProtocolLoopTests\\.java:\\d+ in onDismiss", dismissError);
            equal(message("type", "unsupported", "seq", 4L, "reason", "no clock \uFFFD"), talk.answers.get(4));
        });

        check.test("loop: text from iamspec and the engine is data, every character kept both ways", () -> {
            Conversation talk = new Conversation(Counter::new, hello(2), testCase(1, "c", "absent"), stimulus(2,
                    "custom_event", "name", "día \"😀\"\n\u0000", "properties", Map.of(), "source", "sdk"));
            equal("día \"😀\"\n\u0000", ((Map<?, ?>) ((List<?>) talk.answers.get(2).get("observations")).get(0))
                    .get("message"));
        });
    }
}
