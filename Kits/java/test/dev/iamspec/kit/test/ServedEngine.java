package dev.iamspec.kit.test;

import dev.iamspec.kit.Engine;
import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.Kit;
import dev.iamspec.kit.Observations;
import java.util.List;
import java.util.Map;

/**
 * An engine served on the process's stdin and stdout by {@link Kit#serve}, for {@link ServeTests}:
 * it prints a debug line on System.out at each event.
 */
public final class ServedEngine implements Engine {
    /** Serves until iamspec is done. */
    public static void main(String[] arguments) {
        System.exit(Kit.serve("served", "1.0", List.of("braze-swift"), List.of("analytics"), testCase -> new ServedEngine()));
    }

    /** Ends the process, as an engine calling System.exit (Kotlin's exitProcess) does. */
    public List<Map<String, Object>> onRelaunch(JsonObject stimulus) {
        System.exit(3);
        return null;
    }

    public List<Map<String, Object>> onCustomEvent(JsonObject stimulus) {
        System.out.println("a debug line on System.out");
        return List.of(Observations.displayed(stimulus.getString("name")));
    }
}
