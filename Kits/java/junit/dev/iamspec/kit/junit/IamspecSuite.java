package dev.iamspec.kit.junit;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.opentest4j.AssertionFailedError;

import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.JsonReader;

/**
 * iamspec's suite as JUnit 5 dynamic tests, one test per case run, named {@code case-id [profile]}.
 *
 * <p>Configured by system properties (else the environment variables in brackets):
 * {@code iamspec.engineCommand} (IAMSPEC_ENGINE_COMMAND) runs {@code iamspec run SPECS
 * --engine-command CMD --json ..} with the specs {@code iamspec.specs} (IAMSPEC_SPECS, paths
 * separated by the path separator; default Specs); or {@code iamspec.results} (IAMSPEC_RESULTS)
 * takes a results stream written before. Either way the verdict is iamspec's own: the suite runs
 * {@code iamspec report STREAM --runner-records FILE} (the tool {@code iamspec.tool}, IAMSPEC, else
 * {@code iamspec} on PATH) and maps its records to tests, judging nothing itself. A skipped run (an
 * expected failure of a baseline among them) aborts its test with iamspec's reason (JUnit's skip);
 * a failed or errored run (an unexpected pass among them) fails with iamspec's failure text; each
 * stale baseline entry is a failing test {@code baseline: KEY}, and whatever else fails the run
 * (interrupted, runs not run, late lines, missing shards) one more failing test, {@code iamspec
 * run}. A stream given, not made by the suite, is named after each failure text ({@code results
 * stream: PATH}). A stream {@code iamspec report} refuses fails the suite with report's own
 * {@code path:line:col: error: ...}. {@code iamspec.baseline} (IAMSPEC_BASELINE) gives the run it
 * makes a baseline ({@code --baseline}); {@code iamspec.partial} {@code true} (IAMSPEC_PARTIAL
 * {@code 1}) asks for {@code iamspec report --partial}. {@code iamspec.junit} (IAMSPEC_JUNIT) is
 * accepted and unused: the failure texts come from iamspec itself, and no XML is read. Every text
 * is shown as iamspec made it, already inert. Subclass it, or select it ({@code --select-class
 * dev.iamspec.kit.junit.IamspecSuite}).
 */
public class IamspecSuite {
    /** The longest record line the suite reads: a longer one is refused, not held. */
    static final int LINE_LIMIT = 16 << 20;

    /** How much of iamspec's standard error a failure quotes (its diagnostic comes first). */
    static final int STDERR_LIMIT = 64 << 10;

    /** The tests, one per record of iamspec's verdict. */
    @TestFactory
    public Stream<DynamicTest> caseRuns() throws Exception {
        String command = setting("iamspec.engineCommand", "IAMSPEC_ENGINE_COMMAND");
        String given = setting("iamspec.results", "IAMSPEC_RESULTS");
        if (command == null && given == null) {
            throw new IllegalStateException("no suite to run: set iamspec.engineCommand"
                    + " (IAMSPEC_ENGINE_COMMAND) or iamspec.results (IAMSPEC_RESULTS)");
        }
        String partial = setting("iamspec.partial", "IAMSPEC_PARTIAL");
        Path folder = Files.createTempDirectory("iamspec-junit.");
        List<JsonObject> records;
        try { // the run's own files, read: none is left behind, whatever happened
            String results = given;
            if (command != null) {
                results = folder.resolve("results.jsonl").toString();
                String specs = setting("iamspec.specs", "IAMSPEC_SPECS");
                String baseline = setting("iamspec.baseline", "IAMSPEC_BASELINE");
                List<String> arguments = new ArrayList<>(List.of("run"));
                arguments.addAll(Arrays.asList((specs != null ? specs : "Specs").split(File.pathSeparator)));
                arguments.addAll(List.of("--engine-command", command, "--json", results));
                if (baseline != null) {
                    arguments.addAll(List.of("--baseline", baseline));
                }
                iamspec(arguments, folder);
            }
            Path path = folder.resolve("records.jsonl");
            List<String> report = new ArrayList<>(List.of("report", results, "--runner-records", path.toString()));
            if (command != null) { // the run made here is the user's: its failure texts carry the command in full
                report.addAll(List.of("--engine-command", command));
            }
            if ("true".equals(partial) || "1".equals(partial)) {
                report.add("--partial");
            }
            iamspec(report, folder);
            records = readRecords(path);
        } finally {
            try (Stream<Path> made = Files.walk(folder)) {
                for (Path file : made.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                    Files.deleteIfExists(file);
                }
            }
        }
        JsonObject verdict = records.remove(records.size() - 1);
        // A stream given, not made here, is named in each failure: the run's own is a file now removed.
        String source = command == null ? "\nresults stream: " + verdict.getString("results") : "";
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonObject record : records) {
            String text = record.getString("text");
            if (record.getString("record").equals("stale")) {
                tests.add(DynamicTest.dynamicTest("baseline: " + record.getString("key"), failing(text + source)));
                continue;
            }
            String name = record.getString("id") + " [" + record.getString("profile") + "]";
            Executable check;
            switch (record.getString("status")) {
                case "passed":
                    check = () -> { };
                    break;
                case "skipped":
                    check = () -> Assumptions.abort(text);
                    break;
                default: // failed, error
                    check = failing(text + source);
            }
            tests.add(DynamicTest.dynamicTest(name, caseSource(record), check));
        }
        List<String> reasons = verdict.getStringList("reasons");
        if (!reasons.isEmpty()) {
            String hint = verdict.getLong("missing_shards") > 0
                    ? ": set iamspec.partial=true (IAMSPEC_PARTIAL=1) to judge the runs it holds" : "";
            tests.add(DynamicTest.dynamicTest("iamspec run", failing(verdict.getString("results")
                    + ": the run is not green: " + String.join("; ", reasons) + hint)));
        }
        return tests.stream();
    }

    private static Executable failing(String text) {
        return () -> {
            throw new AssertionFailedError(text);
        };
    }

    /** The case's place, {@code file:line}, as a test source URI (relative to the working folder). */
    private static URI caseSource(JsonObject record) {
        long line = record.getLong("line");
        return URI.create(Path.of(record.getString("file")).toAbsolutePath().toUri() + (line > 0 ? "?line=" + line : ""));
    }

    private static String setting(String property, String variable) {
        String value = System.getProperty(property);
        return value != null ? value : System.getenv(variable);
    }

    /**
     * Runs the tool with {@code arguments}; fails the suite with the head of its standard error (its
     * diagnostic) unless it exits 0 or 1 (a run or a verdict that failed is still a verdict).
     */
    private static void iamspec(List<String> arguments, Path folder) throws IOException, InterruptedException {
        String named = setting("iamspec.tool", "IAMSPEC");
        List<String> line = new ArrayList<>(List.of(named != null ? named : "iamspec"));
        line.addAll(arguments);
        Path errors = folder.resolve(arguments.get(0) + ".stderr");
        Process process;
        try {
            process = new ProcessBuilder(line).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(errors.toFile()).start();
        } catch (IOException notStarted) {
            throw new IllegalStateException("iamspec not found ("
                    + (named != null ? "iamspec.tool or IAMSPEC names \"" + named + "\"" : "not on PATH")
                    + "): build it (swift build) and set IAMSPEC=PATH or -Diamspec.tool=PATH, or put it"
                    + " on PATH", notStarted);
        }
        int status = process.waitFor();
        if (status != 0 && status != 1) {
            byte[] head;
            try (InputStream said = Files.newInputStream(errors)) {
                head = said.readNBytes(STDERR_LIMIT);
            }
            throw new IllegalStateException("`iamspec " + arguments.get(0) + "` exited with status " + status + ":\n"
                    + new String(head, StandardCharsets.UTF_8));
        }
    }

    /**
     * The records of {@code iamspec report --runner-records}, in order, the verdict last; each line
     * read up to {@link #LINE_LIMIT} bytes.
     */
    @SuppressWarnings("unchecked")
    static List<JsonObject> readRecords(Path path) throws IOException {
        List<JsonObject> records = new ArrayList<>();
        try (InputStream input = new BufferedInputStream(Files.newInputStream(path), 1 << 16)) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int next = input.read(); next != -1; next = input.read()) {
                if (next != '\n') {
                    if (line.size() == LINE_LIMIT) {
                        throw new IllegalStateException(path + ": error: found a record longer than " + LINE_LIMIT
                                + " bytes");
                    }
                    line.write(next);
                    continue;
                }
                Object record = JsonReader.parse(line.toString(StandardCharsets.UTF_8));
                records.add(new JsonObject((Map<String, Object>) record, "$"));
                line.reset();
            }
        }
        if (records.isEmpty() || !records.get(records.size() - 1).getString("record").equals("verdict")) {
            throw new IllegalStateException(path + ": error: found no verdict record, expected iamspec report's last line");
        }
        return records;
    }
}
