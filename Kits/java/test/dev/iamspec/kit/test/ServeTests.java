package dev.iamspec.kit.test;

import static dev.iamspec.kit.test.Check.equal;
import static dev.iamspec.kit.test.Check.holds;
import static dev.iamspec.kit.test.Conversation.bare;
import static dev.iamspec.kit.test.Conversation.hello;
import static dev.iamspec.kit.test.Conversation.stimulus;
import static dev.iamspec.kit.test.Conversation.testCase;

import dev.iamspec.kit.JsonWriter;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Kit.serve in a process of its own, on real pipes, as iamspec starts an engine: stdout carries
 * answers only, System.out goes to stderr, each answer is flushed before the kit waits for the
 * next request, and the end of input ends the process with status 0. The time limits only stop a
 * hung engine; nothing waits for time to pass.
 */
final class ServeTests {
    private ServeTests() {}

    static void register(Check check) {
        check.test("serve: stdout carries answers only, System.out goes to stderr, shutdown exits 0", () -> {
            Process engine = start();
            try (OutputStream requests = engine.getOutputStream()) {
                for (Map<String, Object> request : List.of(hello(2), testCase(1, "c", "absent"),
                        stimulus(2, "custom_event", "name", "tap", "properties", Map.of(), "source", "sdk"),
                        bare("end_case", 3), bare("shutdown", 4))) {
                    requests.write((JsonWriter.write(request) + "\n").getBytes(StandardCharsets.UTF_8));
                }
            }
            CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> readAll(engine, true));
            String stdout = readAll(engine, false);
            holds(engine.waitFor(60, TimeUnit.SECONDS), "the engine to exit after shutdown");
            equal(0, engine.exitValue());
            equal("{\"type\":\"hello_reply\",\"protocol\":2,\"name\":\"served\",\"version\":\"1.0\",\"profiles\":"
                    + "[\"braze-swift\"],\"capabilities\":[\"analytics\"],\"pipelining\":true}\n"
                    + "{\"type\":\"ready\",\"seq\":1}\n"
                    + "{\"type\":\"observations\",\"seq\":2,\"observations\":[{\"kind\":\"displayed\",\"message\":\"tap\"}]}\n"
                    + "{\"type\":\"ended\",\"seq\":3}\n", stdout);
            equal("a debug line on System.out\n", stderr.get(60, TimeUnit.SECONDS));
        });

        check.test("serve: an engine that exits mid-case leaves the answers before it written", () -> {
            Process engine = start();
            // One write, within the size a pipe passes whole: the kit reads every request at once,
            // and flushes nothing before the relaunch ends the process.
            StringBuilder ahead = new StringBuilder();
            for (Map<String, Object> request : List.of(hello(2), testCase(1, "c", "absent"),
                    stimulus(2, "custom_event", "name", "tap", "properties", Map.of(), "source", "sdk"),
                    stimulus(3, "relaunch"), bare("end_case", 4))) {
                ahead.append(JsonWriter.write(request)).append('\n');
            }
            try (OutputStream requests = engine.getOutputStream()) {
                requests.write(ahead.toString().getBytes(StandardCharsets.UTF_8));
            }
            CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> readAll(engine, true));
            String stdout = readAll(engine, false);
            holds(engine.waitFor(60, TimeUnit.SECONDS), "the engine to exit");
            equal(3, engine.exitValue());
            equal(List.of("hello_reply", "ready 1", "observations 2"), List.of(stdout.split("\n")).stream()
                    .map(line -> line.replaceAll("^\\{\"type\":\"(\\w+)\"(,\"seq\":(\\d+))?.*", "$1 $3").trim())
                    .collect(java.util.stream.Collectors.toList()));
            stderr.get(60, TimeUnit.SECONDS);
        });

        check.test("serve: each answer is flushed before the kit waits; the end of input exits 0", () -> {
            Process engine = start();
            BufferedReader answers = new BufferedReader(new InputStreamReader(engine.getInputStream(), StandardCharsets.UTF_8));
            OutputStream requests = engine.getOutputStream();
            requests.write((JsonWriter.write(hello(2)) + "\n").getBytes(StandardCharsets.UTF_8));
            requests.flush();
            String reply = CompletableFuture.supplyAsync(() -> readLine(answers)).get(60, TimeUnit.SECONDS);
            holds(reply.startsWith("{\"type\":\"hello_reply\""), "hello_reply while stdin is still open, found " + reply);
            requests.write((JsonWriter.write(testCase(1, "c", "absent")) + "\n").getBytes(StandardCharsets.UTF_8));
            requests.flush();
            equal("{\"type\":\"ready\",\"seq\":1}",
                    CompletableFuture.supplyAsync(() -> readLine(answers)).get(60, TimeUnit.SECONDS));
            requests.close();
            holds(engine.waitFor(60, TimeUnit.SECONDS), "the engine to exit at the end of its input");
            equal(0, engine.exitValue());
            equal(null, answers.readLine());
        });
    }

    private static Process start() throws java.io.IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), ServedEngine.class.getName())
                .start();
    }

    private static String readAll(Process engine, boolean stderr) {
        try {
            return new String((stderr ? engine.getErrorStream() : engine.getInputStream()).readAllBytes(),
                    StandardCharsets.UTF_8);
        } catch (java.io.IOException problem) {
            throw new java.io.UncheckedIOException(problem);
        }
    }

    private static String readLine(BufferedReader reader) {
        try {
            return reader.readLine();
        } catch (java.io.IOException problem) {
            throw new java.io.UncheckedIOException(problem);
        }
    }
}
