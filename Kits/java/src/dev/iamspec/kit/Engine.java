package dev.iamspec.kit;

import java.util.List;
import java.util.Map;

/**
 * One case's engine, made by the {@link EngineFactory} for each {@code case} request: the
 * mapping from the protocol's stimuli to your engine.
 *
 * <p>For each stimulus the kit calls your class's public method named {@code on} and the kind in
 * UpperCamelCase ({@link #handlerName}: {@code session_start} calls {@code onSessionStart},
 * {@code inspect_stack} {@code onInspectStack}), with this signature:
 *
 * <pre>{@code
 * public List<Map<String, Object>> onAdvance(JsonObject stimulus)          // Java
 * fun onAdvance(stimulus: JsonObject): List<Map<String, Any>>?             // Kotlin
 * }</pre>
 *
 * It returns the observations the stimulus caused, in the order they happened ({@link
 * Observations} builds them), an empty list or {@code null} for none. A kind your class has no
 * such method for goes to {@link #handle}, which by default declines the stimulus: write only the
 * methods your engine needs, or override {@code handle} for every kind at once. A method with the
 * name but another signature (another parameter or return type, not public, static) is an error
 * answered for every stimulus of its kind, naming the method and the signature expected. The
 * kinds are the steps of Specs/README.md ("Steps"), each with its fields, and {@code
 * inspect_stack} (Specs/PROTOCOL.md, "Stimuli"), which is answered with exactly one {@link
 * Observations#stack} observation; the kit lists none of them, so that an iamspec with a new
 * kind needs no new kit.
 *
 * <p>Throwing {@link Unsupported} declines the stimulus (the run is skipped with your reason); any
 * other exception answers {@code error}, naming it and your line, and the process stays in use.
 * A plain interface: a Kotlin class implements it directly, with its {@code on<Kind>} functions
 * (public, as Kotlin's are unless marked otherwise) and, if it needs them, {@code override fun
 * handle} and {@code close}; Kotlin sees no checked exception, and may throw any exception from
 * every method.
 */
public interface Engine {
    /**
     * Every stimulus kind your class has no {@code on<Kind>} method for, known to this kit or newer.
     * By default declines it, naming the method the kit looked for: "this engine does not
     * implement the KIND stimulus: the kit looked for a method public List&lt;Map&lt;String,
     * Object&gt;&gt; onKind(JsonObject stimulus), then handle(stimulus)".
     */
    default List<Map<String, Object>> handle(JsonObject stimulus) throws Exception {
        String kind = stimulus.getString("kind");
        throw new Unsupported("this engine does not implement the " + kind + " stimulus: the kit looked for a method "
                + "public List<Map<String, Object>> " + handlerName(kind) + "(JsonObject stimulus), then "
                + "handle(stimulus)");
    }

    /**
     * Called at {@code end_case} (and at the end of input during a case): release what the engine
     * holds.
     */
    default void close() throws Exception {}

    /**
     * The name of the method the kit calls for a stimulus kind, {@code on} and each word of the
     * kind capitalized: {@code session_start} gives {@code onSessionStart}.
     */
    static String handlerName(String kind) {
        StringBuilder name = new StringBuilder("on");
        for (String word : kind.split("_", -1)) {
            if (!word.isEmpty()) {
                name.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
            }
        }
        return name.toString();
    }
}
