package dev.iamspec.kit.junit;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.JsonReader;

/**
 * iamspec's suite as JUnit 5 dynamic tests, one test per case run, named {@code case-id [profile]}.
 *
 * <p>Configured by system properties (else the environment variables in brackets):
 * {@code iamspec.engineCommand} (IAMSPEC_ENGINE_COMMAND) runs {@code iamspec run SPECS
 * --engine-command CMD --json .. --junit ..}, with the tool {@code iamspec.tool} (IAMSPEC, else
 * {@code iamspec} on PATH) and the specs {@code iamspec.specs} (IAMSPEC_SPECS, paths separated by
 * the path separator; default Specs); or {@code iamspec.results} (IAMSPEC_RESULTS) reads a results
 * stream written before, with {@code iamspec.junit} (IAMSPEC_JUNIT) the JUnit report of the same
 * run for the failure texts. A skipped run aborts its test with the run's reason (JUnit's skip); a
 * failed or errored run fails with the JUnit report's failure text (the console's), else the
 * record's message. Subclass it, or select it ({@code --select-class
 * dev.iamspec.kit.junit.IamspecSuite}).
 */
public class IamspecSuite {
    /** The tests, one per case record of the results stream. */
    @TestFactory
    public Stream<DynamicTest> caseRuns() throws Exception {
        Path results;
        Path junit;
        Path folder = null;
        String command = setting("iamspec.engineCommand", "IAMSPEC_ENGINE_COMMAND");
        if (command != null) {
            folder = Files.createTempDirectory("iamspec-junit.");
            results = folder.resolve("results.jsonl");
            junit = folder.resolve("results.xml");
            runSuite(command, results, junit);
        } else {
            String stream = setting("iamspec.results", "IAMSPEC_RESULTS");
            if (stream == null) {
                throw new IllegalStateException("no suite to run: set iamspec.engineCommand"
                        + " (IAMSPEC_ENGINE_COMMAND) or iamspec.results (IAMSPEC_RESULTS)");
            }
            results = Path.of(stream);
            String report = setting("iamspec.junit", "IAMSPEC_JUNIT");
            junit = report == null ? null : Path.of(report);
        }
        Map<String, String> texts = failureTexts(junit);
        List<DynamicTest> tests = new ArrayList<>();
        for (String line : Files.readAllLines(results, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            @SuppressWarnings("unchecked")
            JsonObject record = new JsonObject((Map<String, Object>) JsonReader.parse(line), "$");
            if (!"case".equals(record.getString("record"))) {
                continue;
            }
            String id = record.getString("id");
            String profile = record.getString("profile");
            String status = record.getString("status");
            String message = record.getString("message");
            String reason = record.has("skip_reason") ? record.getString("skip_reason") : message;
            String text = texts.getOrDefault(id + "\u0000" + profile, message);
            tests.add(DynamicTest.dynamicTest(id + " [" + profile + "]", () -> {
                switch (status) {
                    case "skipped":
                        Assumptions.abort(reason);
                        break;
                    case "failed":
                    case "error":
                        throw new AssertionFailedError(text);
                    default:
                        break;
                }
            }));
        }
        if (folder != null) { // the run's own files, read: none is left behind
            Files.deleteIfExists(results);
            Files.deleteIfExists(junit);
            Files.deleteIfExists(folder);
        }
        return tests.stream();
    }

    private static String setting(String property, String variable) {
        String value = System.getProperty(property);
        return value != null ? value : System.getenv(variable);
    }

    private static void runSuite(String command, Path results, Path junit)
            throws IOException, InterruptedException {
        String named = setting("iamspec.tool", "IAMSPEC");
        String tool = named != null ? named : "iamspec";
        String specs = setting("iamspec.specs", "IAMSPEC_SPECS");
        List<String> arguments = new ArrayList<>(List.of(tool, "run"));
        arguments.addAll(Arrays.asList((specs != null ? specs : "Specs").split(File.pathSeparator)));
        arguments.addAll(List.of("--engine-command", command, "--json", results.toString(),
                "--junit", junit.toString()));
        Path output = Files.createTempFile("iamspec-junit.", ".txt");
        Process process;
        try {
            process = new ProcessBuilder(arguments).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
        } catch (IOException notStarted) {
            throw new IllegalStateException("iamspec not found ("
                    + (named != null ? "iamspec.tool or IAMSPEC names \"" + named + "\"" : "not on PATH")
                    + "): build it (swift build) and set IAMSPEC=PATH or -Diamspec.tool=PATH, or put it"
                    + " on PATH; or give a results stream with IAMSPEC_RESULTS", notStarted);
        }
        try {
            int status = process.waitFor();
            if (status != 0 && status != 1) {
                throw new IllegalStateException("`" + tool + " run` exited with status " + status + ":\n"
                        + Files.readString(output, StandardCharsets.UTF_8));
            }
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** (case id, profile) to the failure or error text of iamspec's JUnit report. */
    private static Map<String, String> failureTexts(Path junit) throws Exception {
        Map<String, String> texts = new HashMap<>();
        if (junit == null || !Files.exists(junit)) {
            return texts;
        }
        NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(junit.toFile()).getElementsByTagName("testcase");
        for (int index = 0; index < cases.getLength(); index++) {
            Element testCase = (Element) cases.item(index);
            String[] classname = testCase.getAttribute("classname").split("\\.");
            if (classname.length < 2 || !classname[0].equals("iamspec")) {
                continue;
            }
            for (String outcome : List.of("failure", "error")) {
                NodeList found = testCase.getElementsByTagName(outcome);
                if (found.getLength() > 0) {
                    texts.put(testCase.getAttribute("name") + "\u0000" + classname[1],
                            found.item(0).getTextContent());
                }
            }
        }
        return texts;
    }
}
