package dev.iamspec.kit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Calls the engine's {@code on<Kind>} method for a stimulus ({@link Engine#handlerName}), found
 * once per engine class and kind, or {@link Engine#handle} when the class has none: no kind is
 * listed here, so a new stimulus reaches an adapter's method with no change to the kit.
 */
final class StimulusDispatch {
    /** Per engine class, per kind, what to call. */
    private static final ClassValue<Map<String, Handler>> HANDLERS = new ClassValue<>() {
        @Override
        protected Map<String, Handler> computeValue(Class<?> engineClass) {
            return new ConcurrentHashMap<>();
        }
    };

    private StimulusDispatch() {}

    /**
     * What the engine's method for the stimulus's kind returns; the method's own exception is
     * thrown as it is, so that it is reported as the engine's.
     */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> call(Engine engine, String kind, JsonObject stimulus) throws Throwable {
        Class<?> engineClass = engine.getClass();
        Handler handler = HANDLERS.get(engineClass).computeIfAbsent(kind, named -> Handler.find(engineClass, named));
        if (handler.mismatch != null) {
            throw new IllegalStateException(handler.mismatch);
        }
        if (handler.method == null) {
            try {
                return engine.handle(stimulus);
            } catch (Unsupported declined) {
                if (handler.nearMiss == null) {
                    throw declined;
                }
                throw new Unsupported(declined.getReason() + " (the kit calls " + Engine.handlerName(kind)
                        + "(JsonObject stimulus); did you mean " + handler.nearMiss + "?)");
            }
        }
        try {
            return (List<Map<String, Object>>) handler.method.invoke(engine, stimulus);
        } catch (InvocationTargetException thrown) {
            throw thrown.getCause();
        }
    }

    /**
     * One kind's method on one engine class: the method, none ({@link Engine#handle}), or a
     * mismatch, a method with the name but not the signature, described.
     */
    private static final class Handler {
        final Method method;
        final String mismatch;
        /** With no method: the name of one spelt as the kit's but for case and underscores. */
        final String nearMiss;

        private Handler(Method method, String mismatch, String nearMiss) {
            this.method = method;
            this.mismatch = mismatch;
            this.nearMiss = nearMiss;
        }

        static Handler find(Class<?> engineClass, String kind) {
            String name = Engine.handlerName(kind);
            for (Method candidate : engineClass.getMethods()) {
                if (candidate.getName().equals(name) && fits(candidate)) {
                    // A public method of a class that is not (an anonymous or nested one, a class
                    // private to its package) is callable once made accessible; when it cannot be,
                    // the call fails with the JDK's IllegalAccessException, which names the cause.
                    candidate.trySetAccessible();
                    return new Handler(candidate, null, null);
                }
            }
            Set<Method> named = new LinkedHashSet<>();
            for (Method method : engineClass.getMethods()) {
                if (isNamed(method, name) && !method.isSynthetic()) {
                    named.add(method);
                }
            }
            for (Class<?> type = engineClass; type != null; type = type.getSuperclass()) {
                for (Method method : type.getDeclaredMethods()) {
                    if (isNamed(method, name) && !method.isSynthetic()) {
                        named.add(method);
                    }
                }
            }
            if (named.isEmpty()) {
                return new Handler(null, null, nearMiss(engineClass, name));
            }
            String found = named.stream().map(Handler::describe).collect(Collectors.joining(" and "));
            if (named.stream().anyMatch(method -> !method.getName().equals(name))) {
                found += " (a Kotlin internal function, whose JVM name carries its module's after a $: make it public)";
            }
            return new Handler(null, "found " + found + ", expected the " + kind + " stimulus's method, public "
                    + "List<Map<String, Object>> " + name + "(JsonObject stimulus) (in Kotlin: fun " + name
                    + "(stimulus: JsonObject): List<Map<String, Any>>?), or no method of that name (then "
                    + "handle(stimulus) is called)", null);
        }

        /**
         * Whether the method is named {@code name}, or is a Kotlin {@code internal} function of
         * that name: Kotlin compiles one public, its name followed by {@code $} and its module's
         * ({@code onDismiss$app}), so that it is no handler, and must not pass for a missing one.
         */
        private static boolean isNamed(Method method, String name) {
            return method.getName().equals(name) || method.getName().startsWith(name + "$");
        }

        /** A public method named as {@code name} but for case and underscores, if any. */
        private static String nearMiss(Class<?> engineClass, String name) {
            String folded = name.replace("_", "").toLowerCase(java.util.Locale.ROOT);
            return Arrays.stream(engineClass.getMethods()).map(Method::getName)
                    .filter(other -> other.replace("_", "").toLowerCase(java.util.Locale.ROOT).equals(folded))
                    .sorted().findFirst().orElse(null);
        }

        /** Public, not static, one {@link JsonObject} parameter, returning a list. */
        private static boolean fits(Method method) {
            return Modifier.isPublic(method.getModifiers()) && !Modifier.isStatic(method.getModifiers())
                    && !method.isBridge() && !method.isSynthetic()
                    && Arrays.equals(method.getParameterTypes(), new Class<?>[] {JsonObject.class})
                    && List.class.isAssignableFrom(method.getReturnType());
        }

        /** {@code private static void MyAdapter.onAdvance(long)}. */
        private static String describe(Method method) {
            int modifiers = method.getModifiers();
            String shown = Modifier.toString(modifiers & (Modifier.PUBLIC | Modifier.PROTECTED | Modifier.PRIVATE
                    | Modifier.STATIC));
            boolean packagePrivate = (modifiers & (Modifier.PUBLIC | Modifier.PROTECTED | Modifier.PRIVATE)) == 0;
            String parameters = Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName)
                    .collect(Collectors.joining(", "));
            Class<?> declaring = method.getDeclaringClass();
            String owner = declaring.getSimpleName().isEmpty() ? declaring.getName() : declaring.getSimpleName();
            return (packagePrivate ? "package-private " : "") + (shown.isEmpty() ? "" : shown + " ")
                    + method.getReturnType().getSimpleName() + " " + owner + "." + method.getName() + "(" + parameters
                    + ")";
        }
    }
}
