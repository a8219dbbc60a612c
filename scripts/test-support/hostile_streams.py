"""Writes hostile results streams: variants of a finished run's stream (Fixtures/hostile/streams/
passed.jsonl, two runs passed, and control-characters.jsonl, one failed) changed in every key of its
header, its case records and its footer, and in its line ends, as a killed, careless or tampered
run would leave them. scripts/test (stage_kit_test_runners) gives each to `iamspec report` and the
three test-framework runners, which must agree on each: passed, failed or refused.

    python3 hostile_streams.py FOLDER

Each variant is a file FOLDER/NAME.jsonl; the names say what was changed. Nothing here decides
what a reader should make of a variant: `iamspec report` is the judge, the runners must agree.
"""

import json
import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
STREAMS = os.path.join(HERE, "..", "..", "Fixtures", "hostile", "streams")

# A value of another JSON type for each type a key holds: what a careless writer puts there.
OTHER_TYPE = {str: 7, int: "1", float: "1", bool: "false", list: {}, dict: [], type(None): 0}


def records(name):
    with open(os.path.join(STREAMS, name), encoding="utf-8") as stream:
        return [json.loads(line) for line in stream]


def lines(recs):
    """The stream's text: compact JSON a line, as iamspec writes it (a lone surrogate written as
    its escape, which json.dumps keeps)."""
    return "".join(json.dumps(record, separators=(",", ":"), sort_keys=True) + "\n" for record in recs)


def variants():
    """(name, text) of every variant."""
    passed = records("passed.jsonl")
    failed = records("control-characters.jsonl")
    header, first, second, footer = passed[0], passed[1], passed[2], passed[-1]

    def changed(index, change, base=passed):
        copy = json.loads(json.dumps(base))
        change(copy[index])
        return lines(copy)

    def without(key):
        return lambda record: record.pop(key)

    def retyped(key):
        return lambda record: record.__setitem__(key, OTHER_TYPE[type(record[key])])

    def setting(key, value):
        return lambda record: record.__setitem__(key, value)

    def nested(key, inner, value):
        return lambda record: record[key].__setitem__(inner, value)

    def nested_without(key, inner):
        return lambda record: record[key].pop(inner)

    for key in sorted(header):
        if key != "record":
            yield f"header-without-{key}", changed(0, without(key))
            yield f"header-retyped-{key}", changed(0, retyped(key))
    for value, label in [(1.0, "1.0"), ("1", "string"), (2, "2"), (0, "0"), (True, "true"), (None, "null")]:
        yield f"header-format-version-{label}", changed(0, setting("format_version", value))
    for value, label in [(0, "0"), (-1, "negative"), (10 ** 30, "huge"), (1.5, "fraction")]:
        yield f"header-jobs-{label}", changed(0, setting("jobs", value))
    for value, label in [("0/3", "0-of-3"), ("4/3", "4-of-3"), ("1/0", "1-of-0"), ("one", "word"), (13, "number"),
                         ("+1/3", "plus")]:
        yield f"header-shard-{label}", changed(0, nested("selection", "shard", value))
    yield "header-engine-without-name", changed(0, nested_without("engine", "name"))
    yield "header-record-kind-other", changed(0, setting("record", "head"))

    for key in sorted(first):
        if key != "record":
            yield f"case-without-{key}", changed(1, without(key))
            yield f"case-retyped-{key}", changed(1, retyped(key))
    for value, label in [("green", "green"), ("PASSED", "upper"), (None, "null"), ("", "empty")]:
        yield f"case-status-{label}", changed(1, setting("status", value))
    yield "case-id-nul", changed(1, setting("id", "baseline.passes\u0000x"))
    yield "case-id-lone-surrogate", changed(1, setting("id", "baseline.passes\ud800"))
    yield "case-id-empty", changed(1, setting("id", ""))
    yield "case-profile-unknown", changed(1, setting("profile", "no-such-profile"))
    for value, label in [(-1, "negative"), (10 ** 30, "huge"), (1.5, "fraction")]:
        yield f"case-duration-{label}", changed(1, setting("duration_ms", value))
    yield "case-location-line-0", changed(1, nested("location", "line", 0))
    yield "case-location-without-file", changed(1, nested_without("location", "file"))
    yield "case-record-kind-other", changed(1, setting("record", "run"))
    yield "case-duplicated", lines([header, first, first, second, footer])
    yield "case-duplicated-totals-fixed", lines([header, first, first, second, dict(
        footer, totals=dict(footer["totals"], passed=3, runs=3), verdict=dict(footer["verdict"], passed=3))])
    yield "case-out-of-order", lines([header, second, first, footer])
    yield "case-after-footer", lines([header, first, footer, second])

    for key in sorted(footer):
        if key != "record":
            yield f"footer-without-{key}", changed(-1, without(key))
            yield f"footer-retyped-{key}", changed(-1, retyped(key))
    for key in sorted(footer["verdict"]):
        yield f"footer-verdict-without-{key}", changed(-1, nested_without("verdict", key))
    for key in sorted(footer["totals"]):
        yield f"footer-totals-{key}-plus-one", changed(-1, nested("totals", key, footer["totals"][key] + 1))
    yield "footer-succeeded-string", changed(-1, nested("verdict", "succeeded", "true"))
    yield "footer-verdict-contradicts-cases", changed(-1, nested("verdict", "succeeded", False))
    yield "footer-outcome-contradicts-cases", changed(-1, nested("verdict", "outcome", "1 failed"))
    yield "footer-baseline-empty-object", changed(-1, setting("baseline", {}))
    yield "footer-not-run-negative", changed(-1, setting("not_run", -1))
    yield "footer-missing-shards-empty", changed(-1, setting("missing_shards", []))
    yield "footer-missing-shards-word", changed(-1, setting("missing_shards", "2/3"))
    yield "footer-late-lines-empty", changed(-1, setting("late_lines", []))
    yield "footer-twice", lines(passed + [footer])
    yield "failed-verdict-says-passed", changed(-1, nested("verdict", "succeeded", True), base=failed)
    # A footer repeating a key under another Unicode normalisation (NFC, then NFD), or with its
    # combining marks in another order: two keys, not one given twice, as every reader compares
    # keys by their Unicode scalars (iamspec's own, in a small object and in one of more than 32
    # keys alike, and Python's, JavaScript's and Java's).
    nfc, nfd = unicodedata.normalize("NFC", "caf\u00e9"), unicodedata.normalize("NFD", "caf\u00e9")
    yield "f-nfc-dup-key", lines(passed[:-1]) + json.dumps(footer, separators=(",", ":"), sort_keys=True)[:-1] \
        + f',"{nfc}":1,"{nfd}":2}}\n'
    yield "f-nfc-dup-key-many-keys", lines(passed[:-1]) + json.dumps(
        dict(footer, **{f"k{index:02}": index for index in range(40)}), separators=(",", ":"), sort_keys=True)[:-1] \
        + f',"{nfc}":1,"{nfd}":2}}\n'
    yield "f-reordered-marks-dup-key", lines(passed[:-1]) + json.dumps(footer, separators=(",", ":"), sort_keys=True)[:-1] \
        + ',"a\u0301\u0323":1,"a\u0323\u0301":2}\n'

    interrupted = records("interrupted.jsonl")
    lone = records("lone-shard.jsonl")
    yield "failed-lines-crlf", lines(failed).replace("\n", "\r\n")
    yield "interrupted-lines-crlf", lines(interrupted).replace("\n", "\r\n")
    yield "lone-shard-no-last-line-end", lines(lone)[:-1]
    yield "lone-shard-2-of-2", changed(0, nested("selection", "shard", "2/2"), base=lone)
    yield "lone-shard-1-of-1", changed(0, nested("selection", "shard", "1/1"), base=lone)
    yield "interrupted-not-run-0", changed(-1, setting("not_run", 0), base=interrupted)

    text = lines(passed)
    yield "lines-crlf", text.replace("\n", "\r\n")
    yield "lines-cr", text.replace("\n", "\r")
    yield "lines-bom", "\ufeff" + text
    yield "lines-no-last-line-end", text[:-1]
    yield "lines-blank-between", text.replace("\n", "\n\n", 1)
    yield "lines-blank-at-end", text + "\n"
    yield "lines-nul-line", text + "\u0000\n"
    yield "lines-spaces-around", "".join(f"  {line}  \n" for line in text.splitlines())
    yield "empty", ""


def main(folder):
    os.makedirs(folder, exist_ok=True)
    count = 0
    for name, text in variants():
        # surrogatepass: a lone surrogate in a string is written as its escape by json.dumps already;
        # the raw one of the BOM and NUL variants is plain UTF-8.
        with open(os.path.join(folder, f"{name}.jsonl"), "w", encoding="utf-8", errors="surrogatepass",
                  newline="") as stream:
            stream.write(text)
        count += 1
    print(f"wrote {count} hostile streams to {folder}")


if __name__ == "__main__":
    main(sys.argv[1])
