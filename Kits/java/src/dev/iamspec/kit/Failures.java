package dev.iamspec.kit;

/**
 * An exception of the engine's, as the message of an {@code error} answer: its type, what the kit
 * was doing, its message and the engine's line that threw it
 * ({@code ArithmeticException while handling the advance stimulus: / by zero at MyAdapter.java:42
 * in onAdvance}). The stack trace goes to stderr, which iamspec shows with the error.
 */
final class Failures {
    private Failures() {}

    /**
     * Throws the Java machine's own failures again (out of memory, an internal error): they end
     * the process. The kit answers every other exception or error and goes on; a stack overflow
     * in the engine too, its stack unwound by then.
     */
    static void rethrowIfFatal(Throwable problem) {
        if (problem instanceof VirtualMachineError && !(problem instanceof StackOverflowError)) {
            throw (VirtualMachineError) problem;
        }
    }

    /** The message of the error answer, once the stack trace is on stderr. */
    static String describe(Throwable problem, String doing) {
        problem.printStackTrace(System.err);
        String type = problem.getClass().getSimpleName().isEmpty() ? problem.getClass().getName()
                : problem.getClass().getSimpleName();
        String detail = problem.getMessage() == null || problem.getMessage().isEmpty() ? "(no message)"
                : problem.getMessage();
        StackTraceElement frame = innermostEngineFrame(problem.getStackTrace());
        String place = frame == null ? ""
                : " at " + frame.getFileName() + ":" + frame.getLineNumber() + " in " + frame.getMethodName();
        return type + " while " + doing + ": " + detail + place;
    }

    /**
     * The innermost frame of the engine's code: not the JDK's or Kotlin's standard library's, nor
     * the kit's helpers it called ({@link JsonObject}'s getters...); {@code null} when no engine
     * frame comes before the kit's loop (the kit itself threw), or the frame's file is unknown.
     */
    private static StackTraceElement innermostEngineFrame(StackTraceElement[] frames) {
        String kitPackage = Failures.class.getPackageName();
        for (StackTraceElement frame : frames) {
            String module = frame.getModuleName();
            String className = frame.getClassName();
            boolean library = (module != null && (module.startsWith("java.") || module.startsWith("jdk.")))
                    || className.startsWith("kotlin.") || className.startsWith("sun.")
                    || className.startsWith("java.") || className.startsWith("jdk.");
            if (library) {
                continue;
            }
            int lastDot = className.lastIndexOf('.');
            if (lastDot >= 0 && className.substring(0, lastDot).equals(kitPackage)) {
                boolean loop = className.equals(ProtocolLoop.class.getName())
                        || className.equals(StimulusDispatch.class.getName());
                if (loop) {
                    return null;
                }
                continue;
            }
            return frame.getFileName() == null ? null : frame;
        }
        return null;
    }
}
