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
 * of Fixtures/hostile/streams, each judged by {@code iamspec report --runner-records} (the tool:
 * $IAMSPEC, else .build/debug/iamspec): the exit status, the reason naming the stream, report's
 * diagnostic for a stream it refuses, no text of the stream raw, no JUnit report read, and no
 * temporary file left when the engine cannot start. Skipped (said so) without {@code /usr/share/java}'s JUnit 5
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

    /** The iamspec tool the runner runs: $IAMSPEC (scripts/test's), else this checkout's debug build. */
    private static final String TOOL = System.getenv("IAMSPEC") != null ? System.getenv("IAMSPEC")
            : Path.of(".build/debug/iamspec").toAbsolutePath().toString();

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
                    + " shards 2/3, 3/3 (it holds shard 1/3 of its selection only): the run is not complete: set"
                    + " iamspec.partial=true (IAMSPEC_PARTIAL=1) to judge the runs it holds");
        });

        check.test("junit runner: partial results wanted (IAMSPEC_PARTIAL=1, -Diamspec.partial=true) pass one shard's"
                + " stream; runs not run still fail", () -> {
            equal(0, run(stream("lone-shard.jsonl"), "IAMSPEC_PARTIAL", "1").status);
            equal(0, run(stream("lone-shard.jsonl"), "-Diamspec.partial=true").status);
            Run interrupted = run(stream("interrupted.jsonl"), "IAMSPEC_PARTIAL", "1");
            equal(1, interrupted.status);
            interrupted.holds("Fixtures/hostile/streams/interrupted.jsonl: the run is not green: the run was"
                    + " interrupted before every selected run was made; 2 selected runs not run");
        });

        check.test("junit runner: a stream iamspec report refuses is a session error holding report's diagnostic", () -> {
            for (String[] refused : List.of(
                    new String[] {"byte-order-mark.jsonl", "Fixtures/hostile/streams/byte-order-mark.jsonl:1:1: error:"},
                    new String[] {"duplicate-key.jsonl", "Fixtures/hostile/streams/duplicate-key.jsonl:4:"},
                    new String[] {"no-footer.jsonl", "Fixtures/hostile/streams/no-footer.jsonl:"},
                    new String[] {"format-version.jsonl", "Fixtures/hostile/streams/format-version.jsonl:1:"})) {
                Run run = run(stream(refused[0]));
                equal(1, run.status);
                run.holds("`iamspec report` exited with status 2:");
                run.holds(refused[1]);
            }
        });

        check.test("junit runner: a finished run that made no run passes", () -> {
            Run run = run(stream("no-runs.jsonl"));
            equal(0, run.status);
            run.holds("[         0 tests found           ]");
        });

        check.test("junit runner: a stream path that is missing is a session error naming it", () -> {
            Path folder = Files.createTempDirectory("iamspec-runner.");
            folder.toFile().deleteOnExit();
            Run gone = run(folder.resolve("gone.jsonl"));
            equal(1, gone.status);
            gone.holds(folder.resolve("gone.jsonl").toString());
            gone.holds("`iamspec report` exited with status 2:");
        });

        check.test("junit runner: a JUnit report given (IAMSPEC_JUNIT, -Diamspec.junit) is never read: no entity of it"
                + " is resolved, no file it names quoted, no address it names fetched", () -> {
            Path folder = Files.createTempDirectory("iamspec-runner.");
            folder.toFile().deleteOnExit();
            Path secret = folder.resolve("secret.txt");
            secret.toFile().deleteOnExit();
            Files.writeString(secret, "AUTHORIZATION: basic c2VjcmV0\n");
            Path report = folder.resolve("xxe.xml");
            report.toFile().deleteOnExit();
            Files.writeString(report, "<?xml version=\"1.0\"?>\n<!DOCTYPE testsuites [\n"
                    + "<!ENTITY file SYSTEM \"" + secret.toUri() + "\">\n"
                    + "<!ENTITY web SYSTEM \"http://127.0.0.1:9/xxe\">\n]>\n<testsuites><testsuite"
                    + " name=\"iamspec.braze-swift\"><testcase classname=\"iamspec.braze-swift\" name=\"x\"><failure"
                    + " message=\"m\">&file;&web;</failure></testcase></testsuite></testsuites>\n");
            for (Run run : List.of(run(stream("control-characters.jsonl"), "IAMSPEC_JUNIT", report.toString()),
                    run(stream("control-characters.jsonl"), "-Diamspec.junit=" + report))) {
                equal(1, run.status);
                holds(!run.output.contains("c2VjcmV0"), "the file entity unresolved:\n" + run.output);
                run.holds("Fixtures/baseline/specs/cases.yaml:15:3: sequence on delivery: ");
            }
        });

        check.test("junit runner: the escapes, controls and CI log commands of a stream are shown escaped, never raw", () -> {
            Run run = run(stream("control-characters.jsonl"));
            equal(1, run.status);
            run.holds("caseRuns():baseline.passes\u23ce::error::forged-id\\u{1b}[31m [braze-swift]");
            run.holds("\\u{1b}[2J\\u{1b}]8;;https://x.invalid\\u{7}link\\u{1b}]8;;\\u{7}\u23ce::error file=x,line=1::forged");
            run.holds("results stream: Fixtures/hostile/streams/control-characters.jsonl");
            run.inert();
        });

        check.test("junit runner: the temporary folder is removed when `iamspec run` cannot start the engine (exit 2)",
                () -> {
            Path folder = Files.createTempDirectory("iamspec-runner-tmp.");
            Run run = run(stream("passed.jsonl"), "IAMSPEC_ENGINE_COMMAND", folder.resolve("no-such-engine").toString(),
                    "TMPDIR", folder.toString(), "-Djava.io.tmpdir=" + folder);
            equal(1, run.status);
            run.holds("`iamspec run` exited with status 2:");
            try (Stream<Path> left = Files.list(folder)) {
                List<Path> found = left.collect(Collectors.toList());
                holds(found.isEmpty(), "an empty temporary folder, found " + found);
            }
            Files.delete(folder);
        });
    }

    /** A stream of Fixtures/hostile/streams, as scripts/test names it. */
    private static Path stream(String name) {
        return STREAMS.resolve(name);
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
        environment.put("IAMSPEC", TOOL);
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
