package dev.iamspec.kit.junit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.opentest4j.AssertionFailedError;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;


/**
 * iamspec's suite as JUnit 5 dynamic tests, one test per case run, named {@code case-id [profile]}.
 *
 * <p>Configured by system properties (else the environment variables in brackets):
 * {@code iamspec.engineCommand} (IAMSPEC_ENGINE_COMMAND) runs {@code iamspec run SPECS
 * --engine-command CMD --json .. --junit ..}, with the tool {@code iamspec.tool} (IAMSPEC, else
 * {@code iamspec} on PATH) and the specs {@code iamspec.specs} (IAMSPEC_SPECS, paths separated by
 * the path separator; default Specs); or {@code iamspec.results} (IAMSPEC_RESULTS) reads a results
 * stream written before, with {@code iamspec.junit} (IAMSPEC_JUNIT) the JUnit report of the same
 * run for the failure texts. {@code iamspec.baseline} (IAMSPEC_BASELINE) gives the run it makes a
 * baseline ({@code --baseline}). A skipped run aborts its test with the run's reason (JUnit's skip);
 * a failed or errored run fails with the JUnit report's failure text (the console's), else the
 * record's message after {@code message: }; a stream given, not made by the suite, is named after
 * each failure text ({@code results stream: PATH}). A run judged by a baseline gets iamspec's
 * verdict, read from the JUnit report (which a stream judged by a baseline therefore needs): an
 * expected failure aborts with the report's {@code expected failure: ...}, an unexpected pass
 * fails, and each stale entry is a failing test of its own, named {@code baseline: KEY}. A stream that lacks shards of its
 * selection (one shard's, or a merge lacking some) fails one more test, {@code iamspec run},
 * unless {@code iamspec.partial} is {@code true} or IAMSPEC_PARTIAL is {@code 1} (partial results
 * are wanted, as {@code iamspec report --partial}). Every value of the stream or the report
 * that a name, a reason or a failure text quotes is shown as iamspec's console shows it
 * ({@link QuotedText}). Subclass it, or select it ({@code --select-class
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
        ResultsStream stream;
        Map<String, Verdict> verdicts;
        try {
            stream = ResultsStream.read(results);
            verdicts = verdicts(junit);
        } catch (ResultsStream.StreamException unreadable) {
            throw new IllegalStateException("the results stream is not a finished run's, as `iamspec report`"
                    + " would say:\n" + unreadable.getMessage());
        } finally {
            if (folder != null) { // the run's own files, read: none is left behind
                Files.deleteIfExists(results);
                Files.deleteIfExists(junit);
                Files.deleteIfExists(folder);
            }
        }
        if (stream.judgedByBaseline() && junit == null) {
            throw new IllegalStateException("the results stream " + results + " was judged by a baseline, whose"
                    + " verdict is in its JUnit report: give it with iamspec.junit (IAMSPEC_JUNIT), or write it"
                    + " with `iamspec report " + results + " --junit FILE`");
        }
        List<DynamicTest> tests = new ArrayList<>();
        // A stream given, not made here, is named in each failure: the run's own is a file now removed.
        String source = folder == null ? "\nresults stream: " + QuotedText.line(results.toString()) : "";
        int failing = 0;
        for (ResultsStream.CaseRun run : stream.runs) {
            Verdict verdict = verdicts.get(run.id + "\u0000" + run.profile);
            String failure = (verdict != null && verdict.failed ? verdict.text
                    : "message: " + QuotedText.line(run.text)) + source;
            String reason = QuotedText.line(run.text);
            Executable check;
            switch (run.status) {
                case "passed":
                    boolean unexpectedPass = verdict != null && verdict.failed;
                    failing += unexpectedPass ? 1 : 0;
                    check = () -> {
                        if (unexpectedPass) {
                            throw new AssertionFailedError(failure);
                        }
                    };
                    break;
                case "failed":
                case "error":
                    boolean expected = verdict != null && verdict.skipped;
                    failing += expected ? 0 : 1;
                    check = () -> {
                        if (expected) { // an expected failure
                            Assumptions.abort(verdict.text);
                        }
                        throw new AssertionFailedError(failure);
                    };
                    break;
                case "skipped":
                    check = () -> Assumptions.abort(reason);
                    break;
                default: // ResultsStream.read refuses it first
                    throw new IllegalStateException("status \"" + run.status + "\" is none of " + ResultsStream.STATUSES);
            }
            URI place = run.file == null ? null : caseSource(QuotedText.line(run.file), run.line);
            tests.add(DynamicTest.dynamicTest(QuotedText.line(run.id) + " [" + QuotedText.line(run.profile) + "]",
                    place, check));
        }
        for (Map.Entry<String, Verdict> stale : verdicts.entrySet()) {
            if (stale.getKey().startsWith(BASELINE_SUITE + "\u0000")) {
                String key = QuotedText.line(stale.getKey().substring(BASELINE_SUITE.length() + 1));
                String staleText = stale.getValue().text + source;
                failing += 1;
                tests.add(DynamicTest.dynamicTest("baseline: " + key, () -> {
                    throw new AssertionFailedError(staleText);
                }));
            }
        }
        String partial = setting("iamspec.partial", "IAMSPEC_PARTIAL");
        List<String> reasons = stream.reasons(failing, "true".equals(partial) || "1".equals(partial));
        if (!reasons.isEmpty()) {
            String text = QuotedText.line(results.toString()) + ": the run is not green: " + String.join("; ", reasons);
            tests.add(DynamicTest.dynamicTest("iamspec run", () -> {
                throw new AssertionFailedError(text);
            }));
        }
        return tests.stream();
    }

    /** The case's place, {@code file:line}, as a test source URI (relative to the working folder). */
    private static URI caseSource(String file, long line) {
        return URI.create(Path.of(file).toAbsolutePath().toUri() + (line > 0 ? "?line=" + line : ""));
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
        String baseline = setting("iamspec.baseline", "IAMSPEC_BASELINE");
        List<String> arguments = new ArrayList<>(List.of(tool, "run"));
        arguments.addAll(Arrays.asList((specs != null ? specs : "Specs").split(File.pathSeparator)));
        arguments.addAll(List.of("--engine-command", command, "--json", results.toString(),
                "--junit", junit.toString()));
        if (baseline != null) {
            arguments.addAll(List.of("--baseline", baseline));
        }
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

    /** The suite of a baseline's stale entries in iamspec's JUnit report, a test case each. */
    private static final String BASELINE_SUITE = "baseline";

    /** What iamspec's JUnit report says of one test case: failed, with its text, or skipped. */
    private static final class Verdict {
        final boolean failed;
        final boolean skipped;
        final String text;

        Verdict(boolean failed, boolean skipped, String text) {
            this.failed = failed;
            this.skipped = skipped;
            this.text = text;
        }
    }

    /**
     * (case id, profile) to what iamspec's JUnit report says of the run (a failure or error with
     * its text, each line {@link QuotedText#line}, or a skip with its message, one), and
     * ("baseline", key) to each stale baseline entry; none without a report ({@code junit} null).
     * A report named that cannot be read (none, a directory) or is not XML fails the suite, naming
     * it ({@link IllegalStateException}), at the line and column where the XML does not parse.
     */
    private static Map<String, Verdict> verdicts(Path junit) throws Exception {
        Map<String, Verdict> verdicts = new HashMap<>();
        if (junit == null) {
            return verdicts;
        }
        DocumentBuilder parser = DocumentBuilderFactory.newInstance().newDocumentBuilder();
        parser.setErrorHandler(new DefaultHandler()); // throws at the first fatal error, printing nothing
        Document report;
        try (InputStream input = Files.newInputStream(junit)) {
            report = parser.parse(input);
        } catch (IOException unreadable) {
            throw new IllegalStateException(QuotedText.line(junit.toString()) + ": error: cannot read the JUnit"
                    + " report (iamspec.junit, IAMSPEC_JUNIT): " + QuotedText.line(ResultsStream.why(unreadable)));
        } catch (SAXParseException notXml) {
            throw new IllegalStateException(QuotedText.line(junit.toString()) + ":" + Math.max(1, notXml.getLineNumber())
                    + ":" + Math.max(1, notXml.getColumnNumber()) + ": error: found no JUnit report, expected the XML"
                    + " iamspec run --junit or iamspec report --junit writes");
        }
        NodeList cases = report.getElementsByTagName("testcase");
        for (int index = 0; index < cases.getLength(); index++) {
            Element testCase = (Element) cases.item(index);
            String[] classname = testCase.getAttribute("classname").split("\\.");
            if (classname.length < 2 || !classname[0].equals("iamspec")) {
                continue;
            }
            String name = testCase.getAttribute("name");
            String key = classname[1].equals(BASELINE_SUITE) ? BASELINE_SUITE + "\u0000" + name
                    : name + "\u0000" + classname[1];
            for (String outcome : List.of("failure", "error")) {
                NodeList found = testCase.getElementsByTagName(outcome);
                if (found.getLength() > 0) {
                    verdicts.put(key, new Verdict(true, false, QuotedText.lines(found.item(0).getTextContent())));
                }
            }
            NodeList skipped = testCase.getElementsByTagName("skipped");
            if (!verdicts.containsKey(key) && skipped.getLength() > 0) {
                verdicts.put(key, new Verdict(false, true,
                        QuotedText.line(((Element) skipped.item(0)).getAttribute("message"))));
            }
        }
        return verdicts;
    }
}
