#!/usr/bin/env python3
"""Measures, run by run, whether iamspec's report names what an engine really does.

Usage: measure_explanations.py IAMSPEC [--java-classes DIR] [--engine NAME] [--write] [--at-least PERCENT]
                                [--streams DIR]

For each engine of Fixtures/engines/mechanisms.json (engines other teams might have written, each
with its true mechanisms named by catalogue behaviours), it runs `IAMSPEC run Specs` on the engine
(`--json`) and judges each run the engine failed by what the results footer's `behaviours` name
for it:

- right: every behaviour named for the run is one of the engine's mechanisms, and one of them is
  a mechanism that makes this run fail (the file's `runs`);
- one of: the report leaves the run between alternatives (an entry's `alternatives`), one of them
  a mechanism of the run;
- unexplained: no behaviour is named for the run;
- wrong: a behaviour named for the run is not one of the engine's mechanisms, or none named makes
  the run fail.

It prints each engine's figures and the total, and each wrong run with what was named. With
`--write`, it first recomputes each engine's `runs` from each mechanism's mutant alone
(`IAMSPEC engine --stdio --mutant ID`, every capability declared): a run a mechanism's mutant fails
is that mechanism's; a run none fails alone is the mechanisms together. The Java engine is
compiled with the kit into DIR (a temporary folder when none is given; skipped, and said so,
without javac). With `--streams DIR`, each engine's results stream is kept there as NAME.jsonl
(scripts/test checks them against the results schema: they hold names, their experiments and
predictions, which a run of the reference engine does not). Exits with a message when iamspec
cannot run an engine.
"""

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
MECHANISMS = os.path.join(ROOT, "Fixtures", "engines", "mechanisms.json")


def run_suite(iamspec, command, folder, name):
    """The failed runs (`case [profile]`) and the footer of `iamspec run Specs` on the command."""
    results = os.path.join(folder, name + ".jsonl")
    status = subprocess.run(
        [iamspec, "run", "Specs", "--engine-command", command, "--json", results],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False).returncode
    if status not in (0, 1):
        sys.exit(f"measure_explanations.py: iamspec run on {command!r} exited {status}")
    failed, footer = [], {}
    with open(results, encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            if record.get("record") == "case" and record["status"] in ("failed", "error"):
                failed.append(f"{record['id']} [{record['profile']}]")
            elif record.get("record") == "footer":
                footer = record
    return failed, footer


def named_by_run(footer):
    """For each run the footer's behaviours list: the behaviours named, and the alternatives left."""
    named = {}
    for entry in footer.get("behaviours", []):
        # A name of behaviours together joins their ids with `+`; a name still open lists its
        # other hypotheses, each with its own id.
        names = set(entry["behaviour"].split("+"))
        open_ = entry.get("alternatives", [])
        alternatives = set()
        if open_:
            alternatives = names | {part for other in open_ for part in other["behaviour"].split("+")}
        for run in entry["runs"]:
            key = f"{run['case']} [{run['profile']}]"
            found = named.setdefault(key, (set(), set()))
            found[0].update(names)
            found[1].update(alternatives)
    return named


def judge(run, mechanisms, expected, named):
    """right, one of, unexplained or wrong, for one failed run."""
    if run not in named:
        return "unexplained"
    names, alternatives = named[run]
    causes = set(expected.get(run, mechanisms))
    if alternatives:
        return "one of" if alternatives & causes else "wrong"
    return "right" if names <= set(mechanisms) and names & causes else "wrong"


def java_classes(folder):
    """Compiles the Java kit, the example engine and the Java fixture into folder; None without
    javac (the Java engine is then skipped, and said so)."""
    if shutil.which("javac") is None:
        return None
    sources = [os.path.join(directory, name)
               for directory, _, names in os.walk(os.path.join(ROOT, "Kits", "java", "src"))
               for name in names if name.endswith(".java")]
    sources += [os.path.join(ROOT, "Fixtures", "engines", name)
                for name in ("ExampleEngine.java", "FirebaseStyleEngine.java")]
    subprocess.run(["javac", "--release", "11", "-d", folder, *sorted(sources)], check=True)
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("iamspec")
    parser.add_argument("--java-classes")
    parser.add_argument("--engine")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--at-least", type=float, metavar="PERCENT",
                        help="exit 1 when fewer failed runs than this share are named right")
    parser.add_argument("--streams", metavar="DIR", help="keep each engine's results stream in DIR")
    arguments = parser.parse_args()
    iamspec = os.path.abspath(arguments.iamspec)
    with open(MECHANISMS, encoding="utf-8") as stream:
        document = json.load(stream)
    totals = {"right": 0, "one of": 0, "unexplained": 0, "wrong": 0}
    with tempfile.TemporaryDirectory() as folder:
        classes = arguments.java_classes or java_classes(os.path.join(folder, "classes"))
        for name, engine in document["engines"].items():
            if arguments.engine and name != arguments.engine:
                continue
            if "{java_classes}" in engine["command"] and classes is None:
                print(f"{name}: skipped: no javac to compile it")
                continue
            command = engine["command"].format(java_classes=shlex.quote(classes or ""))
            failed, footer = run_suite(iamspec, command, folder, name)
            if arguments.streams:
                os.makedirs(arguments.streams, exist_ok=True)
                shutil.copy(os.path.join(folder, name + ".jsonl"), arguments.streams)
            mechanisms = list(engine["mechanisms"])
            if arguments.write:
                alone = {}
                for mechanism in mechanisms:
                    mutant = f"{shlex.quote(iamspec)} engine --stdio --mutant {mechanism}"
                    alone[mechanism] = set(run_suite(iamspec, mutant, folder, mechanism)[0])
                engine["runs"] = {
                    run: [m for m in mechanisms if run in alone[m]] or mechanisms for run in sorted(failed)}
            named = named_by_run(footer)
            counts = {"right": 0, "one of": 0, "unexplained": 0, "wrong": 0}
            for run in failed:
                verdict = judge(run, mechanisms, engine.get("runs", {}), named)
                counts[verdict] += 1
                if verdict == "wrong":
                    print(f"  {name}: wrong: {run}: named {', '.join(sorted(named[run][0]))}")
            for verdict, count in counts.items():
                totals[verdict] += count
            print(f"{name}: {len(failed)} failed runs: {counts['right']} right, {counts['one of']} one of, "
                  f"{counts['unexplained']} unexplained, {counts['wrong']} wrong")
    if arguments.write:
        with open(MECHANISMS, "w", encoding="utf-8") as stream:
            json.dump(document, stream, indent=2)
            stream.write("\n")
    failed = sum(totals.values())
    share = 100 * totals["right"] / failed if failed else 0
    print(f"total: {failed} failed runs: {totals['right']} right ({share:.0f} %), {totals['one of']} one of, "
          f"{totals['unexplained']} unexplained, {totals['wrong']} wrong")
    if arguments.at_least is not None and share < arguments.at_least:
        print(f"measure_explanations.py: {share:.1f} % of the failed runs named right, "
              f"expected at least {arguments.at_least:g} %", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
