package dev.iamspec.kit;

/**
 * The engine does not support this. Thrown while the {@link EngineFactory} makes the engine, the
 * case is answered {@code skipped}; thrown while handling a stimulus, the stimulus is answered
 * {@code unsupported} (an {@code error} in protocol 1, which has no such answer), and iamspec
 * reports the run as skipped with the reason and the step's location. The reason is shown in
 * iamspec's report, so name what is missing: {@code throw new Unsupported("no display delegate")}.
 */
public final class Unsupported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Declines with a reason; a blank or {@code null} one becomes "unsupported by this engine". */
    public Unsupported(String reason) {
        super(reason == null || reason.trim().isEmpty() ? "unsupported by this engine" : reason.trim());
    }

    /** The reason, as the answer carries it: never blank. */
    public String getReason() {
        return getMessage();
    }
}
