package dev.iamspec.kit;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.util.List;

/**
 * The iamspec stdio protocol for an engine adapter in Java or Kotlin (JDK 11+, nothing beyond
 * the JDK): {@link #serve} answers iamspec on stdin and stdout, and you write only the mapping to
 * your engine, an {@link Engine} made for each case by an {@link EngineFactory}:
 *
 * <pre>{@code
 * public static void main(String[] args) {
 *     System.exit(Kit.serve("my-engine", "1.0.0", List.of("braze-swift"),
 *             List.of("analytics", "trigger-session-start"), MyAdapter::new));
 * }
 * }</pre>
 */
public final class Kit {
    /**
     * The protocol versions the kit speaks, oldest first. {@code hello} carries the newest iamspec
     * speaks: the kit answers with it when it speaks it too, else with its own newest.
     */
    public static final List<Integer> PROTOCOLS = List.of(1, 2);

    private Kit() {}

    /**
     * Runs the protocol on the process's stdin and stdout until {@code shutdown} or the end of
     * stdin, then returns 0, the process's exit status: {@code System.exit(Kit.serve(...))}.
     * {@code hello} is answered with the name (non-empty), version, profiles and capabilities
     * given: list exactly the capabilities your engine has (Specs/README.md, "Capabilities", or
     * {@code iamspec capabilities}); iamspec skips every case that needs another. While it runs,
     * {@code System.out} is stderr, so a {@code println} in your engine is a log line, never a
     * broken protocol message, and an engine that ends the process ({@code System.exit}) leaves
     * the answers to the requests before the one it ended in written.
     */
    public static int serve(String name, String version, List<String> profiles, List<String> capabilities,
            EngineFactory factory) {
        PrintStream stdout = System.out;
        stdout.flush();
        System.setOut(System.err);
        ProtocolLoop loop = new ProtocolLoop(name, version, profiles, capabilities, factory);
        // Answers wait to be flushed until no request is waiting (pipelining): an engine that ends
        // the process in a later request must not take the earlier answers with it.
        Thread flushAtExit = new Thread(loop::flushAnswers, "iamspec-kit-flush-at-exit");
        Runtime.getRuntime().addShutdownHook(flushAtExit);
        try {
            return loop.run(new FileInputStream(FileDescriptor.in), new FileOutputStream(FileDescriptor.out));
        } finally {
            System.setOut(stdout);
            try {
                Runtime.getRuntime().removeShutdownHook(flushAtExit);
            } catch (IllegalStateException exiting) {
                // The process is exiting already: the hook runs.
            }
        }
    }
}
