"""iamspec_kit: the iamspec stdio protocol loop for an engine adapter in Python 3.9+.

Standard library only: copy this one file next to your adapter. The kit speaks the protocol
(Specs/PROTOCOL.md): the handshake (protocol 2, or 1 when iamspec asks for 1), cases, stimuli,
declining, errors, `seq`, flushing, the end of stdin. You write only the mapping to your engine:

    import iamspec_kit as kit

    class Adapter:
        def __init__(self, case):              # a fresh engine for each case
            if case.config["delegate"] != "absent":
                raise kit.Unsupported("my engine has no display delegate")   # the case: skipped
            self.engine = MyEngine(case.profile, case.config, case.messages)

        def on_session_start(self, stimulus):  # one method per stimulus kind, `on_<kind>` ...
            return [kit.displayed(m) for m in self.engine.start_session()]

        def handle(self, stimulus):            # ... or one method for every kind without its own
            raise kit.Unsupported(f"{stimulus['kind']} is not mapped yet")   # the stimulus: declined

    kit.serve(Adapter, name="my-engine", version="1.0", profiles=["braze-swift"], capabilities=["analytics"])

What the kit does for you:

- `case`: calls the factory with a `Case` (`case_id`, `profile`, `config`, `messages`, `protocol`);
  answers `ready`, or `skipped` when it raises `Unsupported(reason)`.
- `stimulus`: calls `on_<kind>(stimulus)` if the adapter has it, else `handle(stimulus)`, else
  declines; the return value (a list or any iterable of observation dicts, or None for none) is
  the `observations` answer. `Unsupported(reason)` declines the stimulus: an `unsupported` answer
  (the run is skipped with the reason), or in protocol 1, which has no such answer, an `error`.
- Any other exception, in the factory or a stimulus, becomes an `error` answer naming the
  exception and where it was raised, with the traceback on stderr; the process stays usable.
- `end_case`: calls the adapter's `close()` if it has one, forgets it, and (protocol 2) answers
  `ended`; iamspec reports the case only then, and any line written in between (a stray `print`
  is not one: see below) makes that case an error.
- In protocol 2, `hello_reply` declares pipelining: each request is answered before the next is
  read, so iamspec may send a case's requests without waiting for each answer.
- Each answer is one compact JSON line, flushed, echoing the request's `seq`; while the kit runs,
  `print` and `sys.stdout` go to stderr, so a stray debug line never breaks the protocol.
- `shutdown` or the end of stdin: `serve` returns 0 (`sys.exit(kit.serve(...))`).
"""

import json
import math
import os
import sys
import sysconfig
import traceback

__all__ = [
    "Case", "Unsupported", "serve", "PROTOCOLS",
    "displayed", "stacked", "discarded", "rolled_back", "dismissed", "no_matching_trigger",
    "impression_logged", "click_logged", "stack", "trigger_event",
]

PROTOCOLS = (1, 2)
"""The protocol versions the kit speaks. `hello` carries the newest iamspec speaks: the kit answers
with it when it speaks it too, else with its own newest (for a newer iamspec, which speaks it too)."""

# The longest message the protocol allows, its line end left out (Specs/PROTOCOL.md): of a longer
# request line no more than this is held, so that a line with no end in sight cannot run the
# process out of memory.
LINE_LIMIT = 1 << 20


class Unsupported(Exception):
    """The adapter does not support this: raised while making the engine, the case is answered
    `skipped`; raised while handling a stimulus, the stimulus is answered `unsupported` (an
    `error` in protocol 1). The reason is shown in iamspec's report, so name what is missing."""

    def __init__(self, reason):
        self.reason = str(reason).strip() or "unsupported by this engine"
        super().__init__(self.reason)


class Case:
    """One `case` request: what the factory gets. `config` and `messages` are the protocol's
    dicts, every key present (Specs/PROTOCOL.md, "The case")."""

    __slots__ = ("case_id", "profile", "config", "messages", "protocol")

    def __init__(self, case_id, profile, config, messages, protocol):
        self.case_id = case_id
        self.profile = profile
        self.config = config
        self.messages = messages
        self.protocol = protocol

    def __repr__(self):
        return f"Case({self.case_id!r}, {self.profile!r}, {len(self.messages)} messages)"


# -- observations: small builders, so that a misspelt key is a NameError, not a protocol error --


def displayed(message, extras=None):
    observation = {"kind": "displayed", "message": message}
    if extras:
        observation["extras"] = dict(extras)
    return observation


def stacked(message, reason):
    return {"kind": "stacked", "message": message, "reason": reason}


def discarded(message, reason):
    return {"kind": "discarded", "message": message, "reason": reason}


def rolled_back(message):
    return {"kind": "rolled_back", "message": message}


def dismissed(message):
    """Protocol 2: the visible message left the screen (the user dismissed it, or a user change
    or a data wipe did); for an engine that declares `dismissals`."""
    return {"kind": "dismissed", "message": message}


def no_matching_trigger(event):
    """`event` is a trigger event (see `trigger_event`)."""
    return {"kind": "no_matching_trigger", "event": event}


def impression_logged(message):
    return {"kind": "impression_logged", "message": message}


def click_logged(message):
    return {"kind": "click_logged", "message": message}


def stack(message_ids):
    """The answer to `inspect_stack`: the stack's message ids, top first."""
    return {"kind": "stack", "messages": list(message_ids)}


def trigger_event(stimulus):
    """The trigger event a `session_start`, `custom_event`, `purchase` or `push_click` stimulus
    is, as `no_matching_trigger` reports it."""
    kind = stimulus["kind"]
    if kind == "custom_event":
        return {"kind": kind, "name": stimulus["name"]}
    if kind == "purchase":
        return {"kind": kind, "product": stimulus["product"]}
    if kind == "push_click":
        return {"kind": kind, "campaign": stimulus["campaign"]}
    return {"kind": kind}


# -- the loop ----------------------------------------------------------------------------------


def serve(make_engine, *, name, version, profiles, capabilities=(), stdin=None, stdout=None):
    """Runs the protocol on stdin and stdout (binary streams; the process's by default) until
    `shutdown` or the end of stdin, then returns 0. `make_engine(case)` makes the adapter for one
    case: a class or any callable."""
    session = _Session(make_engine, {
        "name": name, "version": version, "profiles": list(profiles), "capabilities": list(capabilities),
    })
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout.buffer
    real_stdout = sys.stdout
    sys.stdout = sys.stderr  # the adapter's prints are logs; stdout carries protocol lines only
    try:
        for raw in _request_lines(source):
            answer = session.answer(raw) if raw is not None else session.encode(
                {"type": "error", "message": f"the request is longer than the protocol's limit of {LINE_LIMIT} bytes"},
                None)
            if answer is not None:
                try:
                    sink.write(answer)
                    sink.flush()
                except BrokenPipeError:
                    break  # iamspec is gone: nobody reads the answers any more
            if session.finished:
                break
    finally:
        session.close_engine()
        sys.stdout = real_stdout
    return 0


def _request_lines(source):
    """Each request line of `source`, as bytes with its line end; None for a line longer than
    LINE_LIMIT, whose rest is read and dropped without being held."""
    while True:
        raw = source.readline(LINE_LIMIT + 2)  # the line, and "\r\n"
        if not raw:
            return
        if not raw.endswith(b"\n") and len(raw) < LINE_LIMIT + 2:
            yield raw  # the last line, unfinished
            return
        if len(raw.rstrip(b"\r\n")) <= LINE_LIMIT and raw.endswith(b"\n"):
            yield raw
            continue
        while not raw.endswith(b"\n"):
            raw = source.readline(1 << 16)
            if not raw:
                break
        yield None


class _Session:
    """What one engine process remembers between requests: the negotiated version and the
    current case's adapter."""

    def __init__(self, make_engine, identity):
        self.make_engine = make_engine
        self.identity = identity
        self.protocol = max(PROTOCOLS)
        self.engine = None
        self.finished = False

    def answer(self, raw):
        """The encoded answer to one request line, or None (blank line, `end_case` in protocol 1, `shutdown`)."""
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError as problem:
            return self.encode({"type": "error", "message": f"the request is not UTF-8: {problem}"}, None)
        if not line:
            return None
        try:
            request = json.loads(line)
        except (ValueError, RecursionError) as problem:  # nested deeper than Python reads: not JSON it can take
            return self.encode({"type": "error", "message": f"the request is not JSON ({problem}): {line[:200]}"}, None)
        kind = request.get("type") if isinstance(request, dict) else None
        seq = request.get("seq") if isinstance(request, dict) else None
        if seq is not None and self.protocol >= 2 and kind not in ("hello", "shutdown") and not _is_seq(seq):
            # Echoed when it is a JSON scalar: a number beyond a double (1e400, read as infinity, which
            # no JSON number is), a list or an object is echoed as null.
            scalar = isinstance(seq, (str, int)) or isinstance(seq, float) and math.isfinite(seq)
            echoed = seq if scalar else None
            shown = json.dumps(seq) if scalar else {list: "a list", dict: "an object"}.get(type(seq), "a number out of range")
            answer = {"type": "error", "seq": echoed, "message": f"the request's seq is {shown}, expected an integer "
                      "of at least 1"}
            return (json.dumps(answer, separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")
        if kind == "hello":
            asked = request.get("protocol")
            # The newest version both speak: iamspec's own when the kit speaks it, else the kit's newest.
            # A version is a number (2, or 2.0 as JSON Schema counts it), never a boolean, though
            # Python takes True for 1; the answer names it as an integer.
            known = isinstance(asked, (int, float)) and not isinstance(asked, bool) and asked in PROTOCOLS
            self.protocol = int(asked) if known else max(PROTOCOLS)
            reply = dict({"type": "hello_reply", "protocol": self.protocol}, **self.identity)
            if self.protocol >= 2:
                # Each request is answered and flushed before the next is read, so iamspec may send
                # a case's requests without waiting for each answer (Specs/PROTOCOL.md, Pipelining).
                reply["pipelining"] = True
            return self.encode(reply, None)
        if kind == "case":
            return self.encode(self.start_case(request), seq)
        if kind == "stimulus":
            return self.encode(self.stimulus(request), seq)
        if kind == "end_case":
            self.close_engine()
            return self.encode({"type": "ended"}, seq) if self.protocol >= 2 else None
        if kind == "shutdown":
            self.finished = True
            return None
        return self.encode({"type": "error", "message": f"unknown request type {kind!r}: {line[:200]}"}, seq)

    def start_case(self, request):
        self.close_engine()
        try:
            case = Case(request["case_id"], request["profile"], request["config"], request["messages"], self.protocol)
            self.engine = self.make_engine(case)
        except Unsupported as declined:
            return {"type": "skipped", "reason": declined.reason}
        except Exception as problem:  # the adapter's bug: an error for this case, and carry on
            return _error_answer(problem, "making the engine for case " + str(request.get("case_id")))
        return {"type": "ready"}

    def stimulus(self, request):
        if self.engine is None:
            return {"type": "error", "message": "a stimulus arrived outside a case that was answered ready"}
        stimulus = request.get("stimulus")
        kind = stimulus.get("kind") if isinstance(stimulus, dict) else None
        wanted = f"on_{kind}" if isinstance(kind, str) else None
        try:
            method = getattr(self.engine, wanted, None) if wanted else None
            method = method or getattr(self.engine, "handle", None)
            if method is None:
                raise Unsupported(f"this engine does not implement the {kind} stimulus: "
                                  f"the kit looked for a method {wanted}(self, stimulus), then handle(self, stimulus)")
            observations = _observation_list(method(stimulus), kind)
        except Unsupported as declined:
            reason = declined.reason + _near_miss(self.engine, wanted)
            if self.protocol >= 2:
                return {"type": "unsupported", "reason": reason}
            return {"type": "error", "message": f"unsupported: {reason}"}
        except Exception as problem:
            return _error_answer(problem, f"handling the {kind} stimulus")
        return {"type": "observations", "observations": observations}

    def close_engine(self):
        engine, self.engine = self.engine, None
        close = getattr(engine, "close", None)
        if close is not None:
            try:
                close()
            except Exception:  # nobody to answer: log it
                traceback.print_exc(file=sys.stderr)

    def encode(self, answer, seq):
        """One answer as a compact JSON line; `seq` echoes the request's, in protocol 2."""
        if seq is not None and self.protocol >= 2:
            answer["seq"] = seq
        try:
            text = json.dumps(answer, separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError) as problem:
            text = json.dumps({"type": "error", "message": f"the answer cannot be written as JSON: {problem}",
                               **({"seq": answer["seq"]} if "seq" in answer else {})}, separators=(",", ":"),
                              allow_nan=False)
        return (text + "\n").encode("utf-8")


def _is_seq(seq):
    """Whether a request's `seq` is one (Specs/PROTOCOL.md): an integer of at least 1 (2.0 counts,
    as JSON Schema counts it), never a boolean."""
    if isinstance(seq, bool):
        return False
    if isinstance(seq, float):
        return math.isfinite(seq) and seq == int(seq) and seq >= 1
    return isinstance(seq, int) and seq >= 1


def _near_miss(engine, wanted):
    """`; did you mean NAME?` for a method of the engine spelt as `wanted` but for case and
    underscores (`on_customevent` for `on_custom_event`), which the kit does not call; else ``."""
    if not wanted or hasattr(engine, wanted):
        return ""
    folded = wanted.replace("_", "").lower()
    near = sorted(name for name in dir(type(engine))
                  if name.replace("_", "").lower() == folded and callable(getattr(engine, name, None)))
    return f" (the kit calls {wanted}(self, stimulus); did you mean {near[0]}?)" if near else ""


def _observation_list(result, kind):
    """The adapter's return value as a list of observations, or a TypeError saying what it was."""
    if result is None:
        return []
    if isinstance(result, (dict, str, bytes)):
        raise TypeError(f"the {kind} handler returned a {type(result).__name__}, expected a list of observations")
    observations = list(result)
    for index, observation in enumerate(observations):
        if not isinstance(observation, dict) or not isinstance(observation.get("kind"), str):
            raise TypeError(f"the {kind} handler's observation {index} is {observation!r}, "
                            "expected a dict with a string \"kind\"")
    return observations


def _error_answer(problem, doing):
    """An `error` answer naming the exception and the adapter's line that raised it; the whole
    traceback goes to stderr, which iamspec shows with the error."""
    traceback.print_exception(type(problem), problem, problem.__traceback__, file=sys.stderr)
    where = _innermost_adapter_frame(traceback.extract_tb(problem.__traceback__))
    place = f" at {os.path.basename(where.filename)}:{where.lineno} in {where.name}" if where else ""
    detail = str(problem) or "(no message)"
    return {"type": "error", "message": f"{type(problem).__name__} while {doing}: {detail}{place}"}


def _innermost_adapter_frame(frames):
    """The innermost frame in a file of the adapter's (not the standard library's), or None when
    the kit itself raised."""
    library = os.path.abspath(sysconfig.get_paths()["stdlib"]) + os.sep
    for frame in reversed(frames):
        path = os.path.abspath(frame.filename)
        if path.startswith(library):
            continue
        return None if path == os.path.abspath(__file__) else frame
    return None
