"""iamspec's own CPU for a failing run's explanation, name predictions and experiments, beside the
engine's own CPU for the suite (scripts/bench, "Explanation CPU"; issue 71's goal: the first below
the second).

Each engine runs the suite twice, each engine process under /usr/bin/time (its user and system
seconds appended to a file): once with `--no-explain`, once explained with `--test-names` (the
explanation, its experiments and the name predictions, all run on the engine). The CPU of
`iamspec run` and everything it waited for comes from the rusage of the children of this script;
iamspec's own is that less the engine processes'. The explanation's is iamspec's own explained
less its own unexplained; the engine's time for the suite is its CPU in the unexplained run (the
experiments and predictions add engine time of their own, shown apart).

Usage: explanation_cpu.py IAMSPEC SPECS NAME=ENGINE-COMMAND...
Prints one line per engine:
  NAME  failed F  engine S s  iamspec unexplained S s  explanation S s (engine S s more)  goal met|not met
Exit status 0 when every run ended as a run with failures does (exit 1), 1 otherwise.
"""

import os
import resource
import shlex
import subprocess
import sys
import tempfile


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def engine_cpu(path):
    total = 0.0
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            fields = line.split()
            if len(fields) == 2:
                total += float(fields[0]) + float(fields[1])
    return total


def measure(iamspec, specs, command, options, work):
    times = os.path.join(work, "engine-times.txt")
    if os.path.exists(times):
        os.remove(times)
    bare = command[5:] if command.startswith("exec ") else command
    wrapped = f"/usr/bin/time -a -o {shlex.quote(times)} -f '%U %S' {bare}"
    results = os.path.join(work, "results.jsonl")
    before = children_cpu()
    finished = subprocess.run(
        [iamspec, "run", specs, "--engine-command", wrapped, "--json", results, *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    total = children_cpu() - before
    engine = engine_cpu(times)
    failed = sum(1 for line in open(results, encoding="utf-8") if '"status":"failed"' in line)
    return finished.returncode, total - engine, engine, failed


def main(arguments):
    if len(arguments) < 3 or any("=" not in engine for engine in arguments[2:]):
        sys.stderr.write(__doc__)
        return 2
    iamspec, specs = arguments[0], arguments[1]
    good = True
    with tempfile.TemporaryDirectory() as work:
        for engine in arguments[2:]:
            name, command = engine.split("=", 1)
            status_plain, own_plain, engine_plain, failed = measure(iamspec, specs, command, ["--no-explain"], work)
            status, own, engine_explained, _ = measure(iamspec, specs, command, ["--test-names"], work)
            if status_plain != 1 or status != 1:
                print(f"{name}: `iamspec run` exited {status_plain} and {status}, expected 1 (a run with failures)")
                good = False
                continue
            explanation = own - own_plain
            verdict = "goal met" if explanation < engine_plain else "not met"
            print(f"  {name:<34} failed {failed:>3}  engine {engine_plain:6.1f} s  "
                  f"iamspec unexplained {own_plain:6.1f} s  explanation {explanation:6.1f} s "
                  f"(engine {engine_explained - engine_plain:5.1f} s more)  {verdict}")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
