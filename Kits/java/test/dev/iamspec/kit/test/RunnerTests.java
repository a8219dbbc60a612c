package dev.iamspec.kit.test;

import static dev.iamspec.kit.test.Check.equal;
import static dev.iamspec.kit.test.Check.holds;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The JUnit 5 runner (Kits/java/junit) as a user runs it: compiled with {@code javac --release
 * 11} against Debian's JUnit jars, then run by the JUnit console launcher on the results streams
 * of Fixtures/hostile/streams (and a few made from them), each judged as {@code iamspec report}
 * judges it: the exit status, the reason naming the stream, every text of the stream escaped as
 * iamspec's console escapes it. Skipped (said so) without {@code /usr/share/java}'s JUnit 5
 * (Debian's junit5) or a Java compiler.
 */
final class RunnerTests {
    private RunnerTests() {}

    private static final Path JARS = Path.of("/usr/share/java");
    private static final Path STREAMS = Path.of("Fixtures/hostile/streams");

    /** What check_raw_controls.py refuses: a raw control but tab and line feed, and a CI log command first on a line. */
    private static final Pattern RAW = Pattern.compile("[\\x00-\\x08\\x0b-\\x1f\\x7f\\x80-\\x9f]");
    private static final Pattern COMMAND = Pattern.compile("^[ \\t]*(?:::[A-Za-z-]+[ :]|##\\[|##vso\\[)",
            Pattern.MULTILINE);

    /** The runner's classes, compiled by the first test that runs it. */
    private static Path runnerClasses;

    static void register(Check check) {
        if (!Files.isRegularFile(JARS.resolve("junit-platform-console-standalone.jar"))
                || ToolProvider.getSystemJavaCompiler() == null) {
            System.out.println("skipped: the JUnit 5 runner's tests: " + JARS
                    + "/junit-platform-console-standalone.jar (Debian's junit5) or a Java compiler not found");
            return;
        }

        check.test("junit runner: one shard's stream fails `iamspec run`, naming the stream and the shards it lacks", () -> {
            Run run = run(stream("lone-shard.jsonl"));
            equal(1, run.status);
            run.holds("Fixtures/hostile/streams/lone-shard.jsonl: the run is not green: the results stream lacks"
                    + " shards 2/3, 3/3 (it holds shard 1/3 of its selection only)");
        });

        check.test("junit runner: partial results wanted (IAMSPEC_PARTIAL=1, -Diamspec.partial=true) pass one shard's"
                + " stream and a merge lacking a shard; runs not run still fail", () -> {
            equal(0, run(stream("lone-shard.jsonl"), "IAMSPEC_PARTIAL", "1").status);
            equal(0, run(stream("lone-shard.jsonl"), "-Diamspec.partial=true").status);
            Path merge = changed("passed.jsonl", "\"interrupted\":false", "\"interrupted\":false,\"missing_shards\":[\"2/3\"]");
            Run whole = run(merge);
            equal(1, whole.status);
            whole.holds(merge + ": the run is not green: the merged stream lacks shard 2/3");
            equal(0, run(merge, "IAMSPEC_PARTIAL", "1").status);
            Run notRun = run(stream("missing-shard.jsonl"), "IAMSPEC_PARTIAL", "1");
            equal(1, notRun.status);
            notRun.holds("Fixtures/hostile/streams/missing-shard.jsonl: the run is not green: 2 selected runs not run");
            holds(!notRun.output.contains("lacks shard"), "no shard lacking with partial results wanted:\n" + notRun.output);
        });

        check.test("junit runner: a byte order mark, or a key given twice in any object, is a session error at its line", () -> {
            Run bom = run(stream("byte-order-mark.jsonl"));
            equal(1, bom.status);
            bom.holds("Fixtures/hostile/streams/byte-order-mark.jsonl:1:1: error: found a line that is not JSON"
                    + " (line 1, column 1: found `\\u{feff}`");
            Run footer = run(stream("duplicate-key.jsonl"));
            equal(1, footer.status);
            footer.holds("Fixtures/hostile/streams/duplicate-key.jsonl:4:1: error: found a line that is not JSON"
                    + " (line 1, column 38: found the key \"interrupted\" a second time in one object");
            Run status = run(stream("duplicate-status.jsonl"));
            equal(1, status.status);
            status.holds("Fixtures/hostile/streams/duplicate-status.jsonl:3:1: error: found a line that is not JSON"
                    + " (line 1, column 277: found the key \"status\" a second time in one object");
            Path nested = changed("passed.jsonl", "\"selection\":{", "\"selection\":{\"tags\":[],");
            Run inside = run(nested);
            equal(1, inside.status);
            inside.holds(nested + ":1:1: error: found a line that is not JSON");
            inside.holds("found the key \"tags\" a second time in one object");
        });

        check.test("junit runner: a header of another format version, or none, is a session error", () -> {
            Run other = run(stream("format-version.jsonl"));
            equal(1, other.status);
            other.holds("Fixtures/hostile/streams/format-version.jsonl:1:1: error: found format version 99, expected 1");
            Path none = changed("passed.jsonl", "\"format_version\":1,", "");
            Run missing = run(none);
            equal(1, missing.status);
            missing.holds(none + ":1:1: error: found no format version, expected 1");
        });

        check.test("junit runner: a finished run that made no run passes", () -> {
            Run run = run(stream("no-runs.jsonl"));
            equal(0, run.status);
            run.holds("[         0 tests found           ]");
        });

        check.test("junit runner: a stream path that is missing or a folder is a session error naming it", () -> {
            Path folder = Files.createTempDirectory("iamspec-runner.");
            folder.toFile().deleteOnExit();
            Run gone = run(folder.resolve("gone.jsonl"));
            equal(1, gone.status);
            gone.holds(folder.resolve("gone.jsonl") + ":1:1: error: cannot read the results file: No such file or directory");
            Run directory = run(folder);
            equal(1, directory.status);
            directory.holds(folder + ":1:1: error: cannot read the results file: Is a directory");
        });

        check.test("junit runner: a JUnit report that is missing, a folder or not XML is a session error naming it"
                + " (IAMSPEC_JUNIT, -Diamspec.junit)", () -> {
            Path folder = Files.createTempDirectory("iamspec-runner.");
            folder.toFile().deleteOnExit();
            Path gone = folder.resolve("gone.xml");
            Path notXml = folder.resolve("results.xml");
            notXml.toFile().deleteOnExit();
            Files.writeString(notXml, "<testsuites>\n<testcase name='x'>\n");
            String unreadable = ": error: cannot read the JUnit report (iamspec.junit, IAMSPEC_JUNIT): ";
            for (String[] report : List.of(
                    new String[] {gone.toString(), gone + unreadable + "No such file or directory"},
                    new String[] {folder.toString(), folder + unreadable + "Is a directory"},
                    new String[] {notXml.toString(), notXml + ":3:1: error: found no JUnit report, expected the XML"
                            + " iamspec run --junit or iamspec report --junit writes"})) {
                for (Run run : List.of(run(stream("passed.jsonl"), "IAMSPEC_JUNIT", report[0]),
                        run(stream("passed.jsonl"), "-Diamspec.junit=" + report[0]))) {
                    equal(1, run.status);
                    run.holds(report[1]);
                    holds(!run.output.contains("SAXParseException") && !run.output.contains("[Fatal Error]"),
                            "no raw XML parser error:\n" + run.output);
                }
            }
        });

        check.test("junit runner: the escapes, controls and CI log commands of a stream are shown escaped, never raw", () -> {
            Run run = run(stream("control-characters.jsonl"));
            equal(1, run.status);
            run.holds("caseRuns():baseline.passes\u23ce::error::forged-id\\u{1b}[31m [braze-swift]");
            run.holds("AssertionFailedError: message: sequence on delivery: \\u{1b}[2J\\u{1b}]8;;https://x.invalid"
                    + "\\u{7}link\\u{1b}]8;;\\u{7}\u23ce::error file=x,line=1::forged\u23ce#\\u{23}[error]forged"
                    + "\u23ce#\\u{23}vso[task.complete result=Succeeded;]\\u{0}end\nresults stream: "
                    + "Fixtures/hostile/streams/control-characters.jsonl");
            run.inert();
        });

        check.test("junit runner: every character iamspec's console escapes is escaped as it escapes it", () -> {
            Path odd = changed("control-characters.jsonl", "\"id\":\"baseline.passes\\n::error::forged-id\\u001b[31m\"",
                    "\"id\":\"  ::warning::x\\r\\ny\"");
            odd = changed(odd, "\"message\":\"sequence on delivery: ", "\"message\":\"a\\r\\nb\\rc\u2028d\u202ee\u0085f"
                    + "\u00a0g\\th\u200bi\ufeffj\\u007fk ##VSO[x] ##[y] #[z] ##vsO[w] \ud83d\ude00 ");
            Run run = run(odd);
            equal(1, run.status);
            run.holds("caseRuns():  \\u{3a}:warning::x\u23cey [braze-swift]");
            run.holds("message: a\u23ceb\\u{d}c\\u{2028}d\\u{202e}e\\u{85}f\u00a0g\\th\\u{200b}i\\u{feff}j\\u{7f}k"
                    + " #\\u{23}VSO[x] #\\u{23}[y] #[z] #\\u{23}vsO[w] \ud83d\ude00 \\u{1b}[2J");
            run.inert();
        });

        check.test("junit runner: the lines of a JUnit report's failure text are each escaped, its line feeds kept", () -> {
            Path plain = changed("control-characters.jsonl", "\"id\":\"baseline.passes\\n::error::forged-id\\u001b[31m\"",
                    "\"id\":\"baseline.fails\"");
            Path report = Files.createTempFile("iamspec-runner.", ".xml");
            report.toFile().deleteOnExit();
            Files.writeString(report, "<testsuites><testsuite name=\"iamspec.braze-swift\"><testcase"
                    + " classname=\"iamspec.braze-swift\" name=\"baseline.fails\"><failure message=\"m\">first line\n"
                    + "::error::forged\n  ##[error]forged&#9;tab\n</failure></testcase></testsuite></testsuites>\n");
            Run run = run(plain, "IAMSPEC_JUNIT", report.toString());
            equal(1, run.status);
            run.holds("AssertionFailedError: first line\n\\u{3a}:error::forged\n  #\\u{23}[error]forged\\ttab\n\nresults stream: "
                    + plain);
            run.inert();
        });
    }

    /** A stream of Fixtures/hostile/streams, as scripts/test names it. */
    private static Path stream(String name) {
        return STREAMS.resolve(name);
    }

    /** A copy of a stream with the one occurrence of {@code text} replaced, removed when the tests end. */
    private static Path changed(Object stream, String text, String replacement) throws Exception {
        Path source = stream instanceof Path ? (Path) stream : stream((String) stream);
        String content = Files.readString(source, StandardCharsets.UTF_8);
        holds(content.indexOf(text) >= 0 && content.indexOf(text) == content.lastIndexOf(text),
                "one " + text + " in " + source);
        Path copy = Files.createTempFile("iamspec-runner.", ".jsonl");
        copy.toFile().deleteOnExit();
        Files.writeString(copy, content.replace(text, replacement), StandardCharsets.UTF_8);
        return copy;
    }

    /** What the console launcher did: its exit status and its output (stdout and stderr). */
    private static final class Run {
        final int status;
        final String output;

        Run(int status, String output) {
            this.status = status;
            this.output = output;
        }

        /** The output holds the text. */
        void holds(String text) {
            Check.holds(output.contains(text), "the output to hold " + text + "\n       found    " + output);
        }

        /** The output holds no raw control and no CI log command first on a line (check_raw_controls.py). */
        void inert() {
            Matcher raw = RAW.matcher(output);
            if (raw.find()) {
                throw new AssertionError(String.format("expected no raw control, found U+%04X in%n%s",
                        (int) output.charAt(raw.start()), output));
            }
            Matcher command = COMMAND.matcher(output);
            Check.holds(!command.find(), "no CI log command first on a line, found one in\n" + output);
        }
    }

    /**
     * The runner on {@code results} as scripts/test runs it (the console launcher, IAMSPEC_RESULTS
     * given, IAMSPEC_JUNIT not), with settings: {@code -Dname=value} for the JVM or an
     * environment variable and its value.
     */
    private static Run run(Path results, String... settings) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dstdout.encoding=UTF-8", "-Dsun.stdout.encoding=UTF-8", "-Dsun.stderr.encoding=UTF-8"));
        List<String> variables = new ArrayList<>();
        for (String setting : settings) {
            (setting.startsWith("-D") ? command : variables).add(setting);
        }
        command.addAll(List.of("-jar", JARS.resolve("junit-platform-console-standalone.jar").toString(),
                "--disable-banner", "--disable-ansi-colors", "--details=summary",
                "-cp", System.getProperty("java.class.path") + File.pathSeparator + runner(),
                "--select-class", "dev.iamspec.kit.junit.IamspecSuite"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(name -> name.startsWith("IAMSPEC"));
        environment.put("IAMSPEC_RESULTS", results.toString());
        for (int index = 0; index + 1 < variables.size(); index += 2) {
            environment.put(variables.get(index), variables.get(index + 1));
        }
        Process launcher = builder.start();
        String output = new String(launcher.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Check.holds(launcher.waitFor(120, TimeUnit.SECONDS), "the console launcher to exit");
        return new Run(launcher.exitValue(), output);
    }

    /**
     * The runner's classes, compiled once with {@code --release 11} against the kit and Debian's
     * JUnit jars into a temporary folder, removed when the tests end.
     */
    private static synchronized Path runner() throws Exception {
        if (runnerClasses == null) {
            Path classes = Files.createTempDirectory("iamspec-runner-classes.");
            List<String> arguments = new ArrayList<>(List.of("--release", "11", "-d", classes.toString(), "-cp",
                    Stream.of(System.getProperty("java.class.path"), JARS.resolve("junit-jupiter-api.jar").toString(),
                            JARS.resolve("opentest4j.jar").toString(), JARS.resolve("apiguardian-api.jar").toString())
                            .collect(Collectors.joining(File.pathSeparator))));
            try (Stream<Path> sources = Files.list(Path.of("Kits/java/junit/dev/iamspec/kit/junit"))) {
                sources.map(Path::toString).sorted().forEach(arguments::add);
            }
            JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
            equal(0, compiler.run(null, null, null, arguments.toArray(new String[0])));
            try (Stream<Path> made = Files.walk(classes)) { // removed when the tests end, files before folders
                made.forEach(path -> path.toFile().deleteOnExit());
            }
            runnerClasses = classes;
        }
        return runnerClasses;
    }
}
