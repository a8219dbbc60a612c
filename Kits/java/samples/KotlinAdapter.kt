// The Java kit used from Kotlin, as Kits/java/README.md shows it: the adapter below is the README's
// sample word for word (scripts/test checks), on a stand-in engine, MyEngine, at the end of the file.
// scripts/test compiles it with kotlinc, when there is one, and talks to it over the protocol.

import dev.iamspec.kit.Case
import dev.iamspec.kit.Engine
import dev.iamspec.kit.JsonObject
import dev.iamspec.kit.Kit
import dev.iamspec.kit.Observations
import dev.iamspec.kit.Unsupported
import kotlin.system.exitProcess

class Adapter(case: Case) : Engine {
    private val engine: MyEngine

    init {
        if (case.config.getString("delegate") != "absent") {
            throw Unsupported("my engine has no display delegate") // the case is skipped
        }
        engine = MyEngine(case.profile, case.config.getLong("minimum_trigger_interval_ms"), case.messages)
    }

    // on<Kind> for a stimulus kind ...
    fun onSessionStart(stimulus: JsonObject): List<Map<String, Any>> {
        if (stimulus.getString("sync") != "complete") {
            throw Unsupported("my engine has no session sync") // the step is declined
        }
        return engine.startSession().map { Observations.displayed(it.id, it.extras) }
    }

    fun onAdvance(stimulus: JsonObject): List<Map<String, Any>>? {
        engine.advance(stimulus.getLong("by_ms")) // null: no observation
        return null
    }

    // ... or handle() for every kind without its own
    override fun handle(stimulus: JsonObject): List<Map<String, Any>>? =
        throw Unsupported("${stimulus["kind"]} is not mapped yet") // the step is declined

    override fun close() = engine.shutdown() // optional: end_case
}

fun main() {
    exitProcess(Kit.serve("my-engine", "1.0.0", listOf("braze-swift"),
        listOf("analytics", "trigger-session-start")) { case -> Adapter(case) })
}

// -- the stand-in engine: what your SDK's engine is in a real adapter --------------------------

class Shown(val id: String, val extras: Map<String, String>)

class MyEngine(profile: String, interval: Long, private val messages: List<JsonObject>) {
    private var now = 0L

    fun startSession(): List<Shown> = messages
        .filter { message -> message.getObjectList("triggers").any { it.getString("kind") == "session_start" } }
        .take(1)
        .map { Shown(it.getString("id"), it.getStringMap("extras")) }

    fun advance(by: Long) {
        now += by
    }

    fun shutdown() {
        System.err.println("shut down at $now ms")
    }
}
