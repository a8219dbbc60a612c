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
     * broken protocol message.
     */
    public static int serve(String name, String version, List<String> profiles, List<String> capabilities,
            EngineFactory factory) {
        PrintStream stdout = System.out;
        stdout.flush();
        System.setOut(System.err);
        try {
            return new ProtocolLoop(name, version, profiles, capabilities, factory)
                    .run(new FileInputStream(FileDescriptor.in), new FileOutputStream(FileDescriptor.out));
        } finally {
            System.setOut(stdout);
        }
    }
}
