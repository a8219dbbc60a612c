package dev.iamspec.kit.test;

import dev.iamspec.kit.EngineFactory;
import dev.iamspec.kit.JsonReader;
import dev.iamspec.kit.JsonWriter;
import dev.iamspec.kit.ProtocolLoop;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scripted conversation with a {@link ProtocolLoop}: the requests, as iamspec would write
 * them, fed on its input at once, and the answers read back from its output, with what it wrote
 * on stderr meanwhile (and on System.out, which {@code Kit.serve} would send to stderr).
 */
final class Conversation {
    /** The identity every test engine answers {@code hello} with. */
    static final List<String> PROFILES = List.of("braze-swift");
    static final List<String> CAPABILITIES = List.of("analytics");

    final List<Map<String, Object>> answers = new ArrayList<>();
    final String stderr;

    /**
     * Serves the requests (maps, written as JSON; strings and bytes, written as they are) and reads
     * the answers.
     */
    @SuppressWarnings("unchecked")
    Conversation(EngineFactory factory, Object... requests) {
        ByteArrayOutputStream input = new ByteArrayOutputStream();
        for (Object request : requests) {
            byte[] line = request instanceof byte[] ? (byte[]) request
                    : (request instanceof String ? (String) request : JsonWriter.write(request))
                            .getBytes(StandardCharsets.UTF_8);
            input.writeBytes(line);
            input.write('\n');
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        PrintStream stderrBefore = System.err;
        PrintStream stdoutBefore = System.out;
        System.setErr(new PrintStream(errors, true, StandardCharsets.UTF_8));
        System.setOut(System.err);
        int status;
        try {
            status = new ProtocolLoop("test-engine", "0.1", PROFILES, CAPABILITIES, factory)
                    .run(new ByteArrayInputStream(input.toByteArray()), output);
        } finally {
            System.setErr(stderrBefore);
            System.setOut(stdoutBefore);
        }
        Check.equal(0, status);
        stderr = errors.toString(StandardCharsets.UTF_8);
        String written = output.toString(StandardCharsets.UTF_8);
        Check.holds(written.isEmpty() || written.endsWith("\n"), "every answer to end with a line end: " + written);
        for (String line : written.split("\n")) {
            if (!line.isEmpty()) {
                answers.add((Map<String, Object>) JsonReader.parse(line));
            }
        }
    }

    /** An answer (or request) built from key-value pairs, in order. */
    static Map<String, Object> message(Object... keysAndValues) {
        Map<String, Object> message = new LinkedHashMap<>();
        for (int index = 0; index < keysAndValues.length; index += 2) {
            message.put((String) keysAndValues[index], keysAndValues[index + 1]);
        }
        return message;
    }

    static Map<String, Object> hello(long protocol) {
        return message("type", "hello", "protocol", protocol);
    }

    /** A {@code case} request; {@code seq} 0 leaves it out (protocol 1). */
    static Map<String, Object> testCase(long seq, String caseId, String delegate) {
        Map<String, Object> request = message("type", "case");
        if (seq > 0) {
            request.put("seq", seq);
        }
        request.put("case_id", caseId);
        request.put("profile", "braze-swift");
        request.put("config", message("minimum_trigger_interval_ms", 30000L, "device", "phone", "orientation",
                "portrait", "delegate", delegate));
        request.put("messages", List.of());
        return request;
    }

    /**
     * A {@code stimulus} request of a kind with its keys; {@code seq} 0 leaves it out (protocol 1).
     */
    static Map<String, Object> stimulus(long seq, String kind, Object... keysAndValues) {
        Map<String, Object> stimulus = message("kind", kind);
        stimulus.putAll(message(keysAndValues));
        Map<String, Object> request = message("type", "stimulus");
        if (seq > 0) {
            request.put("seq", seq);
        }
        request.put("stimulus", stimulus);
        return request;
    }

    /**
     * A request with only a type and, when above 0, a {@code seq}: {@code end_case}, {@code
     * shutdown}.
     */
    static Map<String, Object> bare(String type, long seq) {
        return seq > 0 ? message("type", type, "seq", seq) : message("type", type);
    }
}
