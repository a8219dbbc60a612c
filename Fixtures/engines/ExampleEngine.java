import dev.iamspec.kit.Case;
import dev.iamspec.kit.Engine;
import dev.iamspec.kit.JsonObject;
import dev.iamspec.kit.Kit;
import dev.iamspec.kit.Observations;
import dev.iamspec.kit.Unsupported;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An example iamspec engine in Java, on the Java adapter kit (Kits/java). Compile the kit and this
 * file, then run the suite against it:
 *
 * <pre>
 * javac --release 11 -d .build/java $(find Kits/java/src -name '*.java') Fixtures/engines/ExampleEngine.java
 * iamspec run --engine-command "java -cp .build/java ExampleEngine" --validate-protocol
 * </pre>
 *
 * The kit speaks iamspec's stdio protocol (Specs/PROTOCOL.md): the handshake, cases, stimuli,
 * declining, errors and flushing. This file is only the engine: the kit makes one
 * {@code ExampleEngine} per case and calls its public {@code on<Kind>} method for each stimulus
 * ({@code custom_event} calls {@code onCustomEvent}), and answers with the observations it
 * returns; a kind it has no method for is declined ({@code Engine.handle}). {@code System.out}
 * goes to stderr while the kit runs, which iamspec shows when a case errors.
 *
 * <p>It implements a real part of the delivery rules, the same as Fixtures/engines/example_engine.py:
 * triggers and property filters, priority with ties to the later message, the minimum trigger
 * interval (checked at trigger time and again at display time), delays and timeouts,
 * re-eligibility, the LIFO stack, display_next, dismiss, click, the app in the background,
 * relaunch, change_user, the legacy image rule, and impressions and clicks. It declares only the
 * capabilities it implements ({@link #CAPABILITIES}), so iamspec skips the cases that need others
 * (keyboard, orientation, assets, the display delegate, local messages, session sync). What it
 * still cannot do, it declines by throwing {@link Unsupported}: a case whose app implements the
 * in-app message delegate is answered {@code skipped}, and a stimulus it does not implement
 * {@code unsupported}.
 */
public class ExampleEngine implements Engine {
    /**
     * Exactly what the engine implements (Specs/README.md, "Capabilities"); iamspec skips, without
     * asking, every case that needs another.
     */
    static final List<String> CAPABILITIES = List.of(
            "trigger-session-start", "trigger-any-purchase", "trigger-purchase", "trigger-custom-event",
            "trigger-push-click", "property-filters", "priority", "minimum-interval", "delay", "timeout",
            "reeligibility", "test-sends", "display-next", "no-matching-trigger", "app-lifecycle", "user-change",
            "analytics", "stack-inspection", "extras", "push-click", "large-integers");

    /** Serves the protocol on stdin and stdout until iamspec is done. */
    public static void main(String[] arguments) {
        System.exit(Kit.serve("java-example", "1.0.0", List.of("braze-swift", "appboy-legacy"), CAPABILITIES,
                ExampleEngine::new));
    }

    /** One message as the engine keeps it, read from the protocol's message object. */
    static final class Message {
        final String id;
        final String type;
        final Number priority;
        final List<JsonObject> triggers;
        final String orientation;
        final String image;
        final String zip;
        final Map<String, String> extras;
        final long delayMs;
        final Long timeoutMs; // null: the delay plus 30 s
        final Long reeligibilityMs;
        final boolean testSend;

        Message(JsonObject message) {
            id = message.getString("id");
            type = message.getString("type");
            priority = message.getNumber("priority");
            triggers = message.getObjectList("triggers");
            orientation = message.getString("orientation");
            image = message.getStringOrNull("image");
            zip = message.getStringOrNull("zip");
            extras = message.getStringMap("extras");
            delayMs = message.getLong("delay_ms");
            timeoutMs = message.getLongOrNull("timeout_ms");
            reeligibilityMs = message.getLongOrNull("reeligibility_ms");
            testSend = message.getBoolean("test_send");
        }
    }

    /** A message on the stack, with the time it was triggered (its timeout counts from then). */
    static final class Stacked {
        final Message message;
        final long triggeredAt;

        Stacked(Message message, long triggeredAt) {
            this.message = message;
            this.triggeredAt = triggeredAt;
        }
    }

    /**
     * A triggered message waiting for its delay; {@code order} keeps triggers at one time in order.
     */
    static final class Waiting {
        final long readyAt;
        final long order;
        final Message message;
        final long triggeredAt;

        Waiting(long readyAt, long order, Message message, long triggeredAt) {
            this.readyAt = readyAt;
            this.order = order;
            this.message = message;
            this.triggeredAt = triggeredAt;
        }
    }

    // One run of one case. All times are virtual milliseconds.
    private final String profile;
    private final long interval;
    private final String device;
    private final String orientation;
    private final List<Message> given = new ArrayList<>(); // delivered at each session start
    long now = 0;
    boolean foreground = true;
    List<Message> delivered = new ArrayList<>();
    private List<Stacked> stack = new ArrayList<>(); // the top is the end of the list
    private List<Waiting> waiting = new ArrayList<>(); // for delays
    Message visible; // null when no message is on screen
    boolean visibleClicked;
    private Map<String, Long> lastDisplay = new HashMap<>(); // message id -> time of its last display
    private Long lastDisplayOverall;
    String user; // null: the anonymous user a case starts with
    private long order = 0;
    List<Map<String, Object>> out = new ArrayList<>();

    ExampleEngine(Case testCase) {
        JsonObject config = testCase.getConfig();
        if (!config.getString("delegate").equals("absent")) {
            throw new Unsupported("this engine does not model the in-app message delegate");
        }
        profile = testCase.getProfile();
        interval = config.getLong("minimum_trigger_interval_ms");
        device = config.getString("device");
        orientation = config.getString("orientation");
        for (JsonObject message : testCase.getMessages()) {
            given.add(new Message(message));
        }
    }

    // -- stimuli: the kit calls on<Kind>; each returns the observations it caused ----------------

    public List<Map<String, Object>> onSessionStart(JsonObject stimulus) {
        if (!stimulus.getString("sync").equals("complete")) {
            throw new Unsupported("session sync is not implemented");
        }
        delivered = new ArrayList<>(given);
        return trigger(stimulus, true);
    }

    public List<Map<String, Object>> onCustomEvent(JsonObject stimulus) {
        // Events logged through the REST API never trigger.
        return stimulus.getString("source").equals("sdk") ? trigger(stimulus, false) : List.of();
    }

    public List<Map<String, Object>> onPurchase(JsonObject stimulus) {
        return onCustomEvent(stimulus);
    }

    public List<Map<String, Object>> onPushClick(JsonObject stimulus) {
        // Opening the app from a push brings it to the foreground (rule triggers.push-foregrounds-the-app).
        foreground = true;
        return trigger(stimulus, true);
    }

    public List<Map<String, Object>> onAdvance(JsonObject stimulus) {
        out = new ArrayList<>();
        long end;
        try {
            end = Math.addExact(now, stimulus.getLong("by_ms"));
        } catch (ArithmeticException beyond) {
            throw new Unsupported("virtual time past 2^63 - 1 ms does not fit a long");
        }
        Comparator<Waiting> soonest = Comparator.<Waiting>comparingLong(w -> w.readyAt).thenComparingLong(w -> w.order);
        while (true) {
            Waiting due = waiting.stream().filter(w -> w.readyAt <= end).min(soonest).orElse(null);
            if (due == null) {
                break;
            }
            waiting.remove(due);
            now = due.readyAt;
            becomeReady(due.message, due.triggeredAt);
        }
        now = end;
        return out;
    }

    public List<Map<String, Object>> onDisplayNext(JsonObject stimulus) {
        out = new ArrayList<>();
        offer(true);
        return out;
    }

    public List<Map<String, Object>> onDismiss(JsonObject stimulus) {
        if (visible != null && visible.id.equals(stimulus.getString("message"))) {
            visible = null;
        }
        return List.of();
    }

    public List<Map<String, Object>> onClick(JsonObject stimulus) {
        String message = stimulus.getString("message");
        if (visible != null && visible.id.equals(message) && !visibleClicked) {
            visibleClicked = true;
            return List.of(Observations.clickLogged(message));
        }
        return List.of();
    }

    public List<Map<String, Object>> onBackground(JsonObject stimulus) {
        foreground = false;
        return List.of();
    }

    public List<Map<String, Object>> onForeground(JsonObject stimulus) {
        foreground = true;
        return List.of();
    }

    public List<Map<String, Object>> onRelaunch(JsonObject stimulus) {
        stack = new ArrayList<>();
        waiting = new ArrayList<>();
        visible = null;
        foreground = true;
        return List.of();
    }

    public List<Map<String, Object>> onChangeUser(JsonObject stimulus) {
        // Changing to the current user does nothing; a change away from an identified user also
        // starts the new one afresh: no display seen, no interval running.
        String next = stimulus.getString("user");
        if (next.equals(user)) {
            return List.of();
        }
        if (user != null) {
            lastDisplay = new HashMap<>();
            lastDisplayOverall = null;
        }
        user = next;
        stack = new ArrayList<>();
        waiting = new ArrayList<>();
        visible = null;
        delivered = new ArrayList<>();
        return List.of();
    }

    public List<Map<String, Object>> onSessionEnd(JsonObject stimulus) {
        return List.of();
    }

    public List<Map<String, Object>> onInspectStack(JsonObject stimulus) {
        List<String> ids = new ArrayList<>();
        for (int index = stack.size() - 1; index >= 0; index--) {
            ids.add(stack.get(index).message.id);
        }
        return List.of(Observations.stack(ids));
    }

    // -- triggers -------------------------------------------------------------------------------

    /** Evaluates one trigger event at the current time; returns the observations. */
    List<Map<String, Object>> trigger(JsonObject event, boolean makesEligible) {
        out = new ArrayList<>();
        long t = now;
        List<Message> matching = new ArrayList<>();
        for (Message message : delivered) {
            if (message.triggers.stream().anyMatch(trigger -> Triggers.matches(trigger, event, t))) {
                matching.add(message);
            }
        }
        boolean offered = false;
        if (matching.isEmpty()) {
            out.add(Observations.noMatchingTrigger(Observations.triggerEvent(event)));
        } else {
            // A message waiting (on the stack, on its delay) has not been displayed: still a candidate.
            List<Message> candidates = new ArrayList<>();
            for (Message message : matching) {
                // Re-eligibility is judged at the ready time, trigger time + delay, as the interval is.
                if (eligible(message, t, message.delayMs)) {
                    candidates.add(message);
                }
            }
            if (candidates.isEmpty()) {
                // Every match was displayed and is not re-eligible: no message may be triggered.
                out.add(Observations.noMatchingTrigger(Observations.triggerEvent(event)));
            }
            // The minimum interval is checked before priority; a trigger inside it is dropped.
            Message winner = null;
            for (Message message : candidates) {
                boolean passes = message.testSend || intervalPassed(t, message.delayMs);
                // The highest priority wins; a tie goes to the later message.
                if (passes && (winner == null || Triggers.compare(message.priority, winner.priority) >= 0)) {
                    winner = message;
                }
            }
            if (winner != null && winner.delayMs == 0) {
                offered = becomeReady(winner, t);
            } else if (winner != null && Long.MAX_VALUE - t >= winner.delayMs) {
                // (A delay ending after the last instant of virtual time never ends: nothing waits.)
                order++;
                waiting.add(new Waiting(t + winner.delayMs, order, winner, t));
            }
        }
        if (makesEligible && !offered) {
            offer();
        }
        return out;
    }

    private boolean eligible(Message message, long t) {
        return eligible(message, t, 0);
    }

    /** Whether the message is re-eligible at {@code t} plus {@code later}, compared by differences. */
    private boolean eligible(Message message, long t, long later) {
        Long last = lastDisplay.get(message.id);
        if (last == null) {
            return true;
        }
        return message.reeligibilityMs != null && t - last >= message.reeligibilityMs - later;
    }

    /**
     * Whether the minimum interval has passed at {@code t} plus {@code later} (a delay). Times are
     * compared by their differences, which never overflow a long, where a sum past the last
     * instant of virtual time would.
     */
    boolean intervalPassed(long t, long later) {
        if (lastDisplayOverall == null) {
            return true;
        }
        long elapsed = t - lastDisplayOverall;
        return elapsed >= interval || later >= interval - elapsed;
    }

    /**
     * A triggered message is ready: unless it is past its timeout (judged first, and then by its
     * display attempt), its eligibility (another firing may have displayed it) and the interval
     * are checked again; then it is stacked and offered.
     */
    private boolean becomeReady(Message message, long triggeredAt) {
        if (!pastTimeout(message, triggeredAt)) {
            if (!eligible(message, now)) {
                return false;
            }
            if (!message.testSend && !intervalPassed(now, 0)) {
                return false;
            }
        }
        push(message, triggeredAt);
        offer();
        return true;
    }

    /** Whether a display now comes at or after the trigger time + the timeout (the delay + 30 s by default). */
    private boolean pastTimeout(Message message, long triggeredAt) {
        long elapsed = now - triggeredAt;
        return message.timeoutMs != null ? elapsed >= message.timeoutMs : elapsed - message.delayMs >= 30_000;
    }

    // -- the stack and displays -----------------------------------------------------------------

    private void push(Message message, long triggeredAt) {
        stack.removeIf(entry -> entry.message.id.equals(message.id));
        stack.add(new Stacked(message, triggeredAt));
    }

    private void offer() {
        offer(false);
    }

    private void offer(boolean takenByApp) {
        // presentNext() with a message visible: the top stays where it was, unobserved, whatever
        // its timeout or the app's state (validateNoMessagePresented comes first).
        if (takenByApp && profile.equals("braze-swift") && visible != null) {
            return;
        }
        if (!stack.isEmpty()) {
            Stacked top = stack.remove(stack.size() - 1);
            attemptDisplay(top.message, top.triggeredAt);
        }
    }

    private void attemptDisplay(Message message, long triggeredAt) {
        String id = message.id;
        if (pastTimeout(message, triggeredAt)) {
            out.add(Observations.discarded(id, "timeout"));
        } else if (!foreground) {
            stackAgain(message, triggeredAt, "background");
        } else if (visible != null) {
            stackAgain(message, triggeredAt, "message_visible");
        } else if (device.equals("phone") && !message.orientation.equals("any")
                && !message.orientation.equals(orientation)) {
            out.add(Observations.discarded(id, "orientation"));
        } else if (profile.equals("appboy-legacy") && message.image == null
                && (message.type.equals("full") || message.type.equals("modal_image"))) {
            out.add(Observations.discarded(id, "missing_image"));
        } else if ("fails".equals(message.image) || "fails".equals(message.zip)) {
            out.add(Observations.discarded(id, "asset_failed"));
        } else {
            out.add(Observations.displayed(id, message.extras));
            out.add(Observations.impressionLogged(id));
            visible = message;
            visibleClicked = false;
            stack.removeIf(entry -> entry.message.id.equals(id));
            lastDisplay.put(id, now);
            lastDisplayOverall = now;
        }
    }

    void stackAgain(Message message, long triggeredAt, String reason) {
        push(message, triggeredAt);
        out.add(Observations.stacked(message.id, reason));
    }

    /** Matching triggers and property filters. */
    static final class Triggers {
        private Triggers() {}

        static boolean matches(JsonObject trigger, JsonObject event, long now) {
            String kind = trigger.getString("kind");
            String eventKind = event.getString("kind");
            switch (kind) {
                case "session_start":
                    return eventKind.equals("session_start");
                case "any_purchase":
                    return eventKind.equals("purchase");
                case "purchase":
                    return eventKind.equals("purchase")
                            && event.getString("product").equals(trigger.getString("product"))
                            && filtersHold(trigger.getList("filters"), event.getObject("properties"), now);
                case "custom_event":
                    return eventKind.equals("custom_event")
                            && event.getString("name").equals(trigger.getString("name"))
                            && filtersHold(trigger.getList("filters"), event.getObject("properties"), now);
                case "push_click":
                    String campaign = trigger.getStringOrNull("campaign");
                    return eventKind.equals("push_click")
                            && (campaign == null || campaign.equals(event.getStringOrNull("campaign")));
                default:
                    return false;
            }
        }

        /** Every group holds, and a group holds when any of its conditions does. */
        static boolean filtersHold(List<Object> groups, JsonObject properties, long now) {
            for (Object group : groups) {
                boolean holds = false;
                for (Object condition : (List<?>) group) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> members = (Map<String, Object>) condition;
                    holds = holds || conditionHolds(new JsonObject(members, "condition"), properties, now);
                }
                if (!holds) {
                    return false;
                }
            }
            return true;
        }

        static boolean conditionHolds(JsonObject condition, JsonObject properties, long now) {
            String op = condition.getString("operator");
            String property = condition.getString("property");
            boolean present = properties.has(property);
            Object value = properties.get(property);
            switch (op) {
                case "does_not_exist":
                    return !present;
                case "exists":
                    return present;
                case "not_equals":
                    return !present || !same(value, condition.get("value"));
                case "does_not_match": // holds unless the property is text in which it finds a match
                    return !present || !valueType(value).equals("string")
                            || !Pattern.compile(condition.getString("value")).matcher((String) value).find();
                default:
                    break;
            }
            if (!present) {
                return false;
            }
            switch (op) {
                case "equals":
                    return same(value, condition.get("value"));
                case "greater_than":
                case "less_than":
                case "at_least":
                case "at_most":
                    if (!valueType(value).equals("number")) {
                        return false;
                    }
                    int order = compare((Number) value, condition.getNumber("value"));
                    return op.equals("greater_than") ? order > 0
                            : op.equals("less_than") ? order < 0 : op.equals("at_least") ? order >= 0 : order <= 0;
                case "matches":
                    return valueType(value).equals("string")
                            && Pattern.compile(condition.getString("value")).matcher((String) value).find();
                default:
                    break;
            }
            if (!valueType(value).equals("time")) {
                return false;
            }
            @SuppressWarnings("unchecked")
            long t = new JsonObject((Map<String, Object>) value, "time").getLong("time_ms");
            long span = condition.getLong("span_ms");
            switch (op) {
                // Seconds ago (or in the future) compared with the span, once: no second bound.
                case "within_last":
                    return now - t <= span;
                case "more_than_ago":
                    return now - t >= span;
                case "less_than_in_future":
                    return t - now < span;
                case "more_than_in_future":
                    return t > now && t - now > span;
                default:
                    return false;
            }
        }

        static String valueType(Object value) {
            if (value instanceof Boolean) {
                return "boolean";
            }
            if (value instanceof Number) {
                return "number";
            }
            if (value instanceof Map) {
                return "time";
            }
            return "string";
        }

        /** Same type and value; integers and reals compare as numbers. */
        static boolean same(Object left, Object right) {
            String type = valueType(left);
            if (!type.equals(valueType(right))) {
                return false;
            }
            if (type.equals("number")) {
                return compare((Number) left, (Number) right) == 0;
            }
            if (type.equals("time")) {
                @SuppressWarnings("unchecked")
                long leftTime = new JsonObject((Map<String, Object>) left, "time").getLong("time_ms");
                @SuppressWarnings("unchecked")
                long rightTime = new JsonObject((Map<String, Object>) right, "time").getLong("time_ms");
                return leftTime == rightTime;
            }
            return left.equals(right);
        }

        /** Two numbers compared exactly, integers and reals alike. */
        static int compare(Number left, Number right) {
            return exact(left).compareTo(exact(right));
        }

        private static BigDecimal exact(Number number) {
            if (number instanceof BigInteger) {
                return new BigDecimal((BigInteger) number);
            }
            if (number instanceof Double || number instanceof Float) {
                return new BigDecimal(number.doubleValue());
            }
            return BigDecimal.valueOf(number.longValue());
        }
    }
}
