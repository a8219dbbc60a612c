package dev.iamspec.kit;

import java.util.List;
import java.util.Map;

/**
 * One case's engine, made by the {@link EngineFactory} for each {@code case} request: the
 * mapping from the protocol's stimuli to your engine. For each stimulus the kit calls the method
 * named after its kind ({@code session_start} calls {@link #onSessionStart}); each returns the
 * observations the stimulus caused, in the order they happened ({@link Observations} builds
 * them), an empty list or {@code null} for none. A method you do not override calls
 * {@link #handle}, which by default declines the stimulus: override only what your engine does,
 * or {@code handle} for every kind at once. Throwing {@link Unsupported} declines the stimulus
 * (the run is skipped with your reason); any other exception answers {@code error}, naming it and
 * your line, and the process stays in use.
 *
 * <p>A plain interface: a Kotlin class implements it directly, overriding what it needs
 * ({@code override fun onAdvance(stimulus: JsonObject): List<Map<String, Any>>? = ...}); Kotlin
 * sees no checked exception, and may throw any exception from every method.
 */
public interface Engine {
    /**
     * A session starts ({@code sync}: {@code complete} or {@code pending}). By default, {@link
     * #handle}.
     */
    default List<Map<String, Object>> onSessionStart(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The session-start sync that was pending completes. By default, {@link #handle}. */
    default List<Map<String, Object>> onSyncComplete(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The session ends. By default, {@link #handle}. */
    default List<Map<String, Object>> onSessionEnd(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The app is relaunched: what was waiting or stacked is gone. By default, {@link #handle}. */
    default List<Map<String, Object>> onRelaunch(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /**
     * A custom event is logged ({@code name}, {@code properties}, {@code source}). By default,
     * {@link #handle}.
     */
    default List<Map<String, Object>> onCustomEvent(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /**
     * A purchase is logged ({@code product}, {@code price}, {@code properties}, {@code source}). By
     * default, {@link #handle}.
     */
    default List<Map<String, Object>> onPurchase(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** A push is clicked ({@code campaign}, or {@code null}). By default, {@link #handle}. */
    default List<Map<String, Object>> onPushClick(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /**
     * Protocol 2: the app, with no session running, opens from a push ({@code campaign}, or {@code
     * null}). By default, {@link #handle}.
     */
    default List<Map<String, Object>> onPushOpen(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /**
     * Virtual time moves forward {@code by_ms} milliseconds (an integer above 0). By default,
     * {@link #handle}.
     */
    default List<Map<String, Object>> onAdvance(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The app goes to the background. By default, {@link #handle}. */
    default List<Map<String, Object>> onBackground(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The app comes back to the foreground. By default, {@link #handle}. */
    default List<Map<String, Object>> onForeground(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /**
     * The device turns ({@code orientation}: {@code portrait} or {@code landscape}). By default,
     * {@link #handle}.
     */
    default List<Map<String, Object>> onOrientation(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The keyboard is shown. By default, {@link #handle}. */
    default List<Map<String, Object>> onKeyboardShown(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The keyboard is hidden. By default, {@link #handle}. */
    default List<Map<String, Object>> onKeyboardHidden(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /**
     * A message's asset download ends ({@code message}, {@code outcome}: {@code succeeds} or {@code
     * fails}). By default, {@link #handle}.
     */
    default List<Map<String, Object>> onAssetDownload(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /**
     * The display delegate answers for a message ({@code message}, {@code choice}: {@code now},
     * {@code later}, {@code discard}, {@code rollback}). By default, {@link #handle}.
     */
    default List<Map<String, Object>> onDelegateChoice(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The user dismisses a message ({@code message}). By default, {@link #handle}. */
    default List<Map<String, Object>> onDismiss(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The user clicks a message ({@code message}). By default, {@link #handle}. */
    default List<Map<String, Object>> onClick(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The app asks for the next message on the stack. By default, {@link #handle}. */
    default List<Map<String, Object>> onDisplayNext(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /**
     * The app presents a local message ({@code message}: a complete message, with no triggers). By
     * default, {@link #handle}.
     */
    default List<Map<String, Object>> onPresentLocal(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The app changes the user ({@code user}). By default, {@link #handle}. */
    default List<Map<String, Object>> onChangeUser(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The app wipes the SDK's data. By default, {@link #handle}. */
    default List<Map<String, Object>> onWipeData(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /** The app dismisses the visible message itself, whichever it is. By default, {@link #handle}. */
    default List<Map<String, Object>> onAppDismiss(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /**
     * Answer with exactly one {@link Observations#stack} observation: the stack, top first. By
     * default, {@link #handle}.
     */
    default List<Map<String, Object>> onInspectStack(JsonObject stimulus) throws Exception {
        return handle(stimulus);
    }

    /**
     * Every stimulus kind whose method is not overridden, and a kind newer than this kit. By
     * default declines it: "this engine does not implement the KIND stimulus".
     */
    default List<Map<String, Object>> handle(JsonObject stimulus) throws Exception {
        throw new Unsupported("this engine does not implement the " + stimulus.getString("kind") + " stimulus");
    }

    /**
     * Called at {@code end_case} (and at the end of input during a case): release what the engine
     * holds.
     */
    default void close() throws Exception {}
}
