package dev.iamspec.kit.test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A small test runner, since the kit has no dependency (no JUnit): tests are registered by name,
 * run in order, and counted; the assertions throw {@link AssertionError} with what was expected
 * and what was found.
 */
final class Check {
    /** A test's body; it fails by throwing. */
    interface Body {
        void run() throws Exception;
    }

    private final List<String> names = new ArrayList<>();
    private final List<Body> bodies = new ArrayList<>();

    /** Registers a test. */
    void test(String name, Body body) {
        names.add(name);
        bodies.add(body);
    }

    /**
     * Runs every test, printing `ok` or `FAILED` with the reason for each, then the totals line
     * `java-kit: N passed, N failed`; returns the number failed.
     */
    int runAll() {
        int passed = 0;
        int failed = 0;
        for (int index = 0; index < names.size(); index++) {
            try {
                bodies.get(index).run();
                passed++;
                System.out.println("ok      " + names.get(index));
            } catch (Throwable problem) {
                failed++;
                StringWriter trace = new StringWriter();
                problem.printStackTrace(new PrintWriter(trace));
                System.out.println("FAILED  " + names.get(index) + "\n        " + trace.toString().trim().replace("\n", "\n        "));
            }
        }
        System.out.println("java-kit: " + passed + " passed, " + failed + " failed");
        return failed;
    }

    /** The two are equal ({@code equals}). */
    static void equal(Object expected, Object actual) {
        if (!Objects.equals(expected, actual)) {
            throw new AssertionError("expected " + show(expected) + "\n       found    " + show(actual));
        }
    }

    /** The condition holds. */
    static void holds(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("expected " + what);
        }
    }

    /** The text matches the regular expression whole. */
    static void matches(String pattern, String text) {
        if (text == null || !text.matches(pattern)) {
            throw new AssertionError("expected text matching " + pattern + "\n       found    " + show(text));
        }
    }

    /** The body throws an exception of the type, which is returned. */
    static <T extends Throwable> T raises(Class<T> type, Body body) {
        try {
            body.run();
        } catch (Throwable thrown) {
            if (type.isInstance(thrown)) {
                return type.cast(thrown);
            }
            throw new AssertionError("expected " + type.getName() + ", found " + thrown, thrown);
        }
        throw new AssertionError("expected " + type.getName() + ", but nothing was thrown");
    }

    private static String show(Object value) {
        return value == null ? "null" : value + " (" + value.getClass().getSimpleName() + ")";
    }
}
