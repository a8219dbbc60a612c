import dev.iamspec.kit.Case;
import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.Kit;
import dev.iamspec.kit.Observations;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A team's engine shaped like Firebase In-App Messaging's display, on the Java kit: one message
 * window and nothing waiting behind it, no minimum interval between triggers.
 *
 * <p>Written as another team might: on the example engine ({@code ExampleEngine.java}), changed
 * where Firebase's code (firebase/firebase-android-sdk@0be0923caf75d1548958c11300183d7dc99d476b,
 * firebase-inappmessaging-display) does otherwise. Its mechanisms, each a behaviour of iamspec's
 * catalogue ({@code Fixtures/engines/mechanisms.json} lists them for the measurement
 * {@code scripts/test-support/measure_explanations.py}):
 *
 * <ul>
 *   <li>{@code message-visible-drops}: a message that meets another on screen is dropped
 *       ({@code internal/FiamWindowManager.java#show} returns at once while a message is
 *       displayed, "Cannot show new Fiam");
 *   <li>{@code interval-not-enforced}: no minimum interval between triggers, and the engine says
 *       so (it does not declare {@code minimum-interval});
 *   <li>{@code session-start-once-per-day}: one message a day for the app's foreground (a Session
 *       Start trigger), test sends exempt (firebase/firebase-android-sdk@397646844aa8230ebe6470fd241c3a398d17535c,
 *       firebase-inappmessaging/src/main/java/com/google/firebase/inappmessaging/internal/InAppMessageStreamManager.java#getContentIfNotRateLimited,
 *       whose app-foreground rate limit internal/injection/modules/RateLimitModule.java makes one a
 *       day); the display it counts is one the Session Start trigger makes at once;
 *   <li>{@code click-closes-message}: a click closes the message at once and logs the click, as
 *       the Braze Web SDK's {@code ce} does (Braze Web SDK 4.8.0,
 *       mparticle-integrations/mparticle-javascript-integration-braze@8080981b0ae3:
 *       dist/BrazeKit.common.js).
 * </ul>
 *
 * <p>It declares the example's capabilities less those a window with no stack cannot have
 * ({@code display-next}, {@code stack-inspection}) and less {@code minimum-interval}, with the
 * {@code dismissed} observation. Compiled with the kit and the example:
 * {@code javac --release 11 -d CLASSES KIT-SOURCES Fixtures/engines/ExampleEngine.java
 * Fixtures/engines/FirebaseStyleEngine.java}, run as {@code java -cp CLASSES FirebaseStyleEngine}.
 */
public final class FirebaseStyleEngine extends ExampleEngine {
    /** The example's capabilities, less the stack's and the interval's, with {@code dismissals}. */
    static final List<String> CAPABILITIES = capabilities();

    /** Serves the protocol on stdin and stdout until iamspec is done. */
    public static void main(String[] arguments) {
        System.exit(Kit.serve("firebase-style", "1.0.0", List.of("braze-swift", "appboy-legacy"), CAPABILITIES,
                FirebaseStyleEngine::new));
    }

    private static List<String> capabilities() {
        List<String> declared = new ArrayList<>(ExampleEngine.CAPABILITIES);
        declared.removeAll(List.of("display-next", "stack-inspection", "minimum-interval"));
        declared.add("dismissals");
        return List.copyOf(declared);
    }

    /** A day of virtual time, in milliseconds: the app-foreground rate limit's time to live. */
    private static final long DAY_MS = 86_400_000L;

    /** When a Session Start trigger last displayed a message; null before any. */
    private Long lastSessionStartDisplay;

    FirebaseStyleEngine(Case testCase) {
        super(testCase);
    }

    @Override
    List<Map<String, Object>> trigger(JsonObject event, boolean makesEligible) {
        if (!event.getString("kind").equals("session_start")) {
            return super.trigger(event, makesEligible);
        }
        List<Message> all = delivered;
        if (lastSessionStartDisplay != null && now - lastSessionStartDisplay < DAY_MS) {
            delivered = new ArrayList<>();
            for (Message message : all) {
                if (message.testSend) {
                    delivered.add(message);
                }
            }
        }
        List<Map<String, Object>> answer;
        try {
            answer = super.trigger(event, makesEligible);
        } finally {
            delivered = all;
        }
        if (answer.stream().anyMatch(observation -> "displayed".equals(observation.get("kind")))) {
            lastSessionStartDisplay = now;
        }
        return answer;
    }

    @Override
    boolean intervalPassed(long t, long later) {
        return true;
    }

    @Override
    void stackAgain(Message message, long triggeredAt, String reason) {
        if (!reason.equals("message_visible")) {
            super.stackAgain(message, triggeredAt, reason);
        }
    }

    @Override
    public List<Map<String, Object>> onDismiss(JsonObject stimulus) {
        String message = stimulus.getString("message");
        if (visible == null || !visible.id.equals(message)) {
            return List.of();
        }
        visible = null;
        return List.of(Observations.dismissed(message));
    }

    @Override
    public List<Map<String, Object>> onClick(JsonObject stimulus) {
        String message = stimulus.getString("message");
        if (visible == null || !visible.id.equals(message)) {
            return List.of();
        }
        boolean firstClick = !visibleClicked;
        List<Map<String, Object>> answer = new ArrayList<>(onDismiss(stimulus));
        if (firstClick) {
            answer.add(Observations.clickLogged(message));
        }
        return answer;
    }

    @Override
    public List<Map<String, Object>> onChangeUser(JsonObject stimulus) {
        boolean changes = !stimulus.getString("user").equals(user);
        Message leaving = visible;
        super.onChangeUser(stimulus);
        return changes && leaving != null ? List.of(Observations.dismissed(leaving.id)) : List.of();
    }
}
