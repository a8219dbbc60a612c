package dev.iamspec.kit;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The protocol (Specs/PROTOCOL.md) as one engine process speaks it, on any pair of streams: what
 * {@link Kit#serve} runs on stdin and stdout, and what a test feeds scripted requests. It
 * remembers the negotiated version and the current case's {@link Engine}, and answers every
 * request in the order it came:
 *
 * <ul>
 *   <li>{@code hello}: {@code hello_reply} with the version iamspec asks for when the kit speaks
 *       it (2, or 1), else the kit's newest, the identity given, and in protocol 2
 *       {@code "pipelining": true};
 *   <li>{@code case}: closes the previous engine, makes a fresh one, answers {@code ready},
 *       {@code skipped} ({@link Unsupported}) or {@code error};
 *   <li>{@code stimulus}: the engine's method for its kind; {@code observations},
 *       {@code unsupported} (protocol 1: {@code error}) or {@code error};
 *   <li>{@code end_case}: closes the engine and answers {@code ended} (protocol 2);
 *   <li>{@code shutdown}, or the end of input: {@link #run} returns.
 * </ul>
 *
 * Every answer is one compact JSON line with the request's {@code seq} (protocol 2). A line that
 * is not UTF-8, not JSON or not a known request is answered with an {@code error}, and the loop
 * goes on. Pipelining: each request is answered before the next is read, and the answers written
 * are flushed whenever no more input is waiting, so requests sent ahead are answered in order and
 * in batches, and no answer waits while the kit waits for input.
 */
public final class ProtocolLoop {
    private final Map<String, Object> identity = new LinkedHashMap<>();
    private final EngineFactory factory;
    private int protocol = newestProtocol();
    private Engine engine;
    private boolean finished;
    /** The answers written and not yet flushed, while {@link #run} runs. */
    private volatile OutputStream pending;

    /**
     * A loop answering {@code hello} with this identity: a non-empty name, a version, the profiles
     * the engine follows and exactly the capabilities it has (Specs/README.md, "Capabilities").
     */
    public ProtocolLoop(String name, String version, List<String> profiles, List<String> capabilities,
            EngineFactory factory) {
        identity.put("name", name);
        identity.put("version", version);
        identity.put("profiles", List.copyOf(profiles));
        identity.put("capabilities", List.copyOf(capabilities));
        this.factory = factory;
    }

    /**
     * Answers the requests of {@code input} on {@code output} until {@code shutdown} or the end of
     * input (or an output that can no longer be written: iamspec is gone), then closes the current
     * engine and returns 0. The streams are not closed.
     */
    public int run(InputStream input, OutputStream output) {
        OutputStream answers = new BufferedOutputStream(output, 1 << 16);
        pending = answers;
        RequestLines lines = new RequestLines(input, answers);
        try {
            byte[] line;
            while (!finished && (line = lines.next()) != null) {
                String answer = lines.lastWasTooLong()
                        ? encode(error("the request is longer than the protocol's limit of "
                                + RequestLines.LINE_LIMIT + " bytes"), null)
                        : answer(line);
                if (answer != null) {
                    answers.write(answer.getBytes(StandardCharsets.UTF_8));
                }
            }
            answers.flush();
        } catch (IOException gone) {
            // Nobody reads the answers any more, or the input broke: there is nothing left to answer.
        } finally {
            pending = null;
            closeEngine();
        }
        return 0;
    }

    /**
     * Flushes the answers written so far, from any thread: what {@link Kit#serve} does when the
     * process exits while the loop runs (an engine that calls {@code System.exit}, Kotlin's {@code
     * exitProcess}), so that the requests answered before the one that exited are seen answered,
     * and iamspec charges the exit to the request it happened in.
     */
    void flushAnswers() {
        OutputStream answers = pending;
        if (answers == null) {
            return;
        }
        try {
            answers.flush();
        } catch (IOException gone) {
            // Nobody reads the answers any more.
        }
    }

    /**
     * The answer line to one request line (with its {@code \n}), or {@code null} when none is due.
     */
    private String answer(byte[] raw) {
        String line;
        try {
            line = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException problem) {
            return encode(error("the request is not UTF-8: " + problem), null);
        }
        if (line.chars().allMatch(c -> c == ' ' || c == '\t' || c == '\r')) {
            return null;
        }
        Object parsed;
        try {
            parsed = JsonReader.parse(line);
        } catch (JsonException problem) {
            return encode(error("the request is not JSON (" + problem.getMessage() + "): " + shortened(line)), null);
        }
        if (!(parsed instanceof Map)) {
            return encode(error("the request is not a JSON object: " + shortened(line)), null);
        }
        @SuppressWarnings("unchecked")
        JsonObject request = new JsonObject((Map<String, Object>) parsed, "");
        Object type = request.get("type");
        Object seq = request.get("seq");
        if ("hello".equals(type)) {
            return encode(helloReply(request.get("protocol")), null);
        } else if ("case".equals(type)) {
            return encode(startCase(request), seq);
        } else if ("stimulus".equals(type)) {
            return encode(stimulus(request, line), seq);
        } else if ("end_case".equals(type)) {
            closeEngine();
            return protocol >= 2 ? encode(answerOf("ended"), seq) : null;
        } else if ("shutdown".equals(type)) {
            finished = true;
            return null;
        }
        return encode(error("unknown request type " + JsonObject.describe(type) + ": " + shortened(line)), seq);
    }

    private Map<String, Object> helloReply(Object asked) {
        protocol = newestProtocol();
        for (int version : Kit.PROTOCOLS) {
            if (asked instanceof Number && ((Number) asked).doubleValue() == version) {
                protocol = version;
            }
        }
        Map<String, Object> reply = answerOf("hello_reply");
        reply.put("protocol", protocol);
        reply.putAll(identity);
        if (protocol >= 2) {
            reply.put("pipelining", true);
        }
        return reply;
    }

    private Map<String, Object> startCase(JsonObject request) {
        closeEngine();
        Object caseId = request.get("case_id");
        try {
            Engine made = factory.make(Case.fromRequest(request, protocol));
            if (made == null) {
                return error("the engine factory returned null for case " + caseId + ", expected an engine");
            }
            engine = made;
            return answerOf("ready");
        } catch (Unsupported declined) {
            Map<String, Object> skipped = answerOf("skipped");
            skipped.put("reason", wholeCharacters(declined.getReason()));
            return skipped;
        } catch (Throwable problem) {
            Failures.rethrowIfFatal(problem);
            return error(Failures.describe(problem, "making the engine for case " + caseId));
        }
    }

    private Map<String, Object> stimulus(JsonObject request, String line) {
        if (engine == null) {
            return error("a stimulus arrived outside a case that was answered ready");
        }
        Object stimulus = request.get("stimulus");
        if (!(stimulus instanceof Map) || !(((Map<?, ?>) stimulus).get("kind") instanceof String)) {
            return error("the request has no stimulus object with a string kind: " + shortened(line));
        }
        JsonObject view = request.getObject("stimulus");
        String kind = view.getString("kind");
        try {
            List<Map<String, Object>> observations = observationList(StimulusDispatch.call(engine, kind, view), kind);
            Map<String, Object> answer = answerOf("observations");
            answer.put("observations", observations);
            return answer;
        } catch (Unsupported declined) {
            if (protocol < 2) {
                return error("unsupported: " + declined.getReason());
            }
            Map<String, Object> unsupported = answerOf("unsupported");
            unsupported.put("reason", wholeCharacters(declined.getReason()));
            return unsupported;
        } catch (Throwable problem) {
            Failures.rethrowIfFatal(problem);
            return error(Failures.describe(problem, "handling the " + kind + " stimulus"));
        }
    }

    /**
     * The engine's result checked: {@code null} is none; each element a map with a string {@code
     * kind}.
     */
    private static List<Map<String, Object>> observationList(List<Map<String, Object>> result, String kind) {
        List<Map<String, Object>> observations = new ArrayList<>();
        if (result == null) {
            return observations;
        }
        int index = 0;
        for (Object observation : result) {
            if (!(observation instanceof Map) || !(((Map<?, ?>) observation).get("kind") instanceof String)) {
                throw new IllegalStateException("the " + kind + " handler's observation " + index + " is "
                        + JsonObject.describe(observation) + ", expected a map with a string \"kind\"");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> checked = (Map<String, Object>) observation;
            observations.add(checked);
            index++;
        }
        return observations;
    }

    private void closeEngine() {
        Engine closing = engine;
        engine = null;
        if (closing == null) {
            return;
        }
        try {
            closing.close();
        } catch (Throwable problem) {
            Failures.rethrowIfFatal(problem);
            // Nobody to answer: the log is all.
            System.err.println("iamspec kit: closing the engine failed:");
            problem.printStackTrace(System.err);
        }
    }

    /**
     * An answer as one JSON line, with the request's {@code seq} in protocol 2, second after {@code
     * type}.
     */
    private String encode(Map<String, Object> answer, Object seq) {
        Map<String, Object> ordered = new LinkedHashMap<>();
        ordered.put("type", answer.remove("type"));
        if (seq != null && protocol >= 2) {
            ordered.put("seq", seq);
        }
        ordered.putAll(answer);
        String problem;
        try {
            String unpaired = unpairedSurrogate(answer, "");
            if (unpaired == null) {
                return JsonWriter.write(ordered) + "\n";
            }
            problem = unpaired;
        } catch (JsonException unwritable) {
            problem = unwritable.getMessage();
        }
        Map<String, Object> unwritable = new LinkedHashMap<>();
        unwritable.put("type", "error");
        if (ordered.containsKey("seq")) {
            unwritable.put("seq", seq);
        }
        unwritable.put("message", "the answer cannot be written as JSON: " + problem);
        return JsonWriter.write(unwritable) + "\n";
    }

    /**
     * Where in the value a string holds a surrogate that is not half of a pair, described ({@code
     * observations[0].extras.k: found ...}), or {@code null}. JSON can escape one, but iamspec
     * reads text as UTF-8, which has none, and refuses the whole line (killing the process), so
     * the kit answers an error saying where instead. Such a string is usually one cut inside a
     * character.
     */
    private static String unpairedSurrogate(Object value, String path) {
        if (value instanceof String) {
            String text = (String) value;
            for (int index = 0; index < text.length(); index++) {
                char c = text.charAt(index);
                if (Character.isHighSurrogate(c) && index + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(index + 1))) {
                    index++;
                } else if (Character.isSurrogate(c)) {
                    return (path.startsWith(".") ? path.substring(1) : path) + ": found the unpaired surrogate "
                            + String.format("\\u%04x", (int) c) + " at character " + index + ", expected whole "
                            + "characters, as UTF-8 carries them (a string cut inside a character?)";
                }
            }
        } else if (value instanceof JsonObject) {
            return unpairedSurrogate(((JsonObject) value).asMap(), path);
        } else if (value instanceof Map) {
            for (Map.Entry<?, ?> member : ((Map<?, ?>) value).entrySet()) {
                String place = path + "." + member.getKey();
                String found = member.getKey() instanceof String ? unpairedSurrogate(member.getKey(), place) : null;
                found = found != null ? found : unpairedSurrogate(member.getValue(), place);
                if (found != null) {
                    return found;
                }
            }
        } else if (value instanceof Iterable) {
            int index = 0;
            for (Object element : (Iterable<?>) value) {
                String found = unpairedSurrogate(element, path + "[" + index++ + "]");
                if (found != null) {
                    return found;
                }
            }
        } else if (value instanceof Object[]) {
            return unpairedSurrogate(java.util.Arrays.asList((Object[]) value), path);
        }
        return null;
    }

    private static Map<String, Object> answerOf(String type) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("type", type);
        return answer;
    }

    /**
     * An error answer. Its message may quote the engine's text (an exception's message, cut
     * inside a character, say): an unpaired surrogate there becomes U+FFFD, so that the error
     * itself reaches iamspec.
     */
    private static Map<String, Object> error(String message) {
        Map<String, Object> answer = answerOf("error");
        answer.put("message", wholeCharacters(message));
        return answer;
    }

    /** The text with each surrogate that is not half of a pair replaced by U+FFFD. */
    private static String wholeCharacters(String text) {
        StringBuilder whole = new StringBuilder(text.length());
        for (int index = 0; index < text.length(); index++) {
            char c = text.charAt(index);
            if (Character.isHighSurrogate(c) && index + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(index + 1))) {
                whole.append(c).append(text.charAt(++index));
            } else {
                whole.append(Character.isSurrogate(c) ? '\uFFFD' : c);
            }
        }
        return whole.toString();
    }

    private static String shortened(String line) {
        return line.length() > 200 ? line.substring(0, 200) : line;
    }

    private static int newestProtocol() {
        return Kit.PROTOCOLS.get(Kit.PROTOCOLS.size() - 1);
    }
}
