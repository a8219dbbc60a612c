"""Checks every figure of the bundled suite that the front door and the guides quote (README.md,
CONTRIBUTING.md, docs/*.md) against the suite itself, counted by the built tool (scripts/test,
stage "The suite's figures in README.md and the guides"):

  - cases: the lines of `iamspec list`;
  - rules: the rules of `iamspec coverage` (a line `rule.id: N case(s)` each);
  - runs: the totals line of `iamspec run --in-process` on the reference engine (every run passes);
  - the example engine's passed and skipped runs: `iamspec run --engine-command "python3
    Fixtures/engines/example_engine.py"`;
  - mutants: the lines of `iamspec mutate --list`.

In the documents, every `N cases`, `N rules`, `N runs`, `N case runs`, `N tests`, `N passed`,
`N skipped` and `N mutants` with N of 50 or more (smaller ones are the fixtures' figures, which
their own stages check) must be that figure of the suite, but for the sizes of generated suites
(1,000, 10,000 and 100,000 cases); so must a progress line's total (`[ 59/586]`: its other
counts are of the runs finished so far) and the
mutation score (`Mutation score: 89/89`). The documents must not suggest `-V`, which the tool
does not know (swift-argument-parser's version flag is `--version` alone).

A sample of a run's report (a fenced block holding a `behaviours (N):` line, as README.md shows
what a failing engine gets) must be what the tool prints: the block's `re-run:` line names the
engine command, `iamspec run --engine-command CMD` on the bundled Specs is run (the tool started
as `iamspec`, its folder first on PATH, as the sample names it), and each line of the block must be a
line of its output, in the same order; a line `...` stands for lines left out.

Usage: check_doc_figures.py IAMSPEC DOCUMENT...
Exit status 0 when every figure holds, 1 otherwise.
"""

import os
import re
import subprocess
import sys

GENERATED_SIZES = {1000, 10000, 100000}
FIGURE = re.compile(r"(?<![\d,./-])(\d{1,3}(?:,\d{3})+|\d+) (cases|rules|runs|case runs|tests|passed|skipped|mutants)\b")
PROGRESS = re.compile(r"\[\s*\d+/(\d+)\]")
SCORE = re.compile(r"Mutation score: (\d+)/(\d+)")
SHORT_VERSION = re.compile(r"(?<![\w-])-V\b")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.M | re.S)
SAMPLE_COMMAND = re.compile(r"re-run: .*--engine-command '([^']+)'")


def tool(iamspec, *arguments):
    result = subprocess.run([iamspec, *arguments], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return result.stdout


def totals(output):
    match = re.search(r"^(\d+) passed, (\d+) failed, (\d+) skipped$", output.strip().splitlines()[-1])
    if match is None:
        raise SystemExit(f"error: found no totals line at the end of {output[-300:]!r}")
    return tuple(int(group) for group in match.groups())


def suite_figures(iamspec):
    cases = len(tool(iamspec, "list").splitlines())
    rules = sum(1 for line in tool(iamspec, "coverage").splitlines() if re.match(r"^[a-z0-9][a-z0-9._-]*: \d+ cases?$", line))
    passed, failed, skipped = totals(tool(iamspec, "run", "--in-process", "--color", "never"))
    if failed or skipped:
        raise SystemExit(f"error: the reference engine did not pass every run ({passed} passed, {failed} failed, "
                         f"{skipped} skipped)")
    example = totals(tool(iamspec, "run", "--engine-command", "python3 Fixtures/engines/example_engine.py",
                          "--color", "never"))
    mutants = len(tool(iamspec, "mutate", "--list").splitlines())
    return {"cases": cases, "rules": rules, "runs": passed, "example passed": example[0],
            "example skipped": example[2], "mutants": mutants}


def expected_for(noun, figures):
    runs = {figures["runs"]}
    return {
        "cases": {figures["cases"]},
        "rules": {figures["rules"]},
        "runs": runs, "case runs": runs, "tests": runs,
        "passed": runs | {figures["example passed"]},
        "skipped": {figures["example skipped"]},
        "mutants": {figures["mutants"]},
    }[noun]


def check(path, text, figures, problems):
    for number, line in enumerate(text.splitlines(), 1):
        # A progress line's counts are of the runs finished so far: only its total is the suite's.
        for match in ([] if PROGRESS.search(line) else FIGURE.finditer(line)):
            value = int(match.group(1).replace(",", ""))
            noun = match.group(2)
            if value < 50 or value in GENERATED_SIZES:
                continue
            expected = expected_for(noun, figures)
            if value not in expected:
                problems.append(f"{path}:{number}:{match.start() + 1}: error: found {match.group(0)!r}, expected "
                                f"{' or '.join(str(figure) + ' ' + noun for figure in sorted(expected))}, as the "
                                "suite has")
        for match in PROGRESS.finditer(line):
            if int(match.group(1)) != figures["runs"]:
                problems.append(f"{path}:{number}:{match.start() + 1}: error: found the progress total "
                                f"{match.group(0)!r}, expected {figures['runs']} runs, as the suite has")
        for match in SCORE.finditer(line):
            if {int(match.group(1)), int(match.group(2))} != {figures["mutants"]}:
                problems.append(f"{path}:{number}:{match.start() + 1}: error: found {match.group(0)!r}, expected "
                                f"{figures['mutants']}/{figures['mutants']}, every mutant killed")
        for match in SHORT_VERSION.finditer(line):
            problems.append(f"{path}:{number}:{match.start() + 1}: error: found '-V', expected '--version' "
                            "(the tool knows no -V)")


def check_samples(iamspec, path, text, problems):
    """Each sample of a failing engine's report in `text` is what `iamspec run` prints for it."""
    for block in FENCE.finditer(text):
        lines = block.group(1).splitlines()
        if not any(re.match(r"^behaviours \(\d+\):", line) for line in lines):
            continue
        first = text.count("\n", 0, block.start(1)) + 1
        command = next((found.group(1) for found in map(SAMPLE_COMMAND.search, lines) if found), None)
        if command is None:
            problems.append(f"{path}:{first}:1: error: found a sample report without a re-run line naming its "
                            "--engine-command, expected one, to run it again")
            continue
        environment = dict(os.environ, PATH=os.path.dirname(os.path.abspath(iamspec)) + os.pathsep
                           + os.environ.get("PATH", ""))
        # Started as `iamspec` from PATH, as the sample's re-run line names it.
        printed = subprocess.run(["iamspec", "run", "--engine-command", command, "--color", "never"],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                 env=environment).stdout.splitlines()
        at = 0
        for offset, line in enumerate(lines):
            if line.strip() == "...":
                continue
            following = printed.index(line, at) if line in printed[at:] else None
            if following is None:
                closest = next((shown for shown in printed if shown.split(":")[0] == line.split(":")[0]), None)
                problems.append(f"{path}:{first + offset}:1: error: found {line[:160]!r} in the sample report, "
                                f"expected a line `iamspec run --engine-command '{command}'` prints"
                                + (f" (it prints {closest[:160]!r})" if closest else "")
                                + (" after the line above" if line in printed else ""))
                continue
            at = following + 1


def main(iamspec, paths):
    figures = suite_figures(iamspec)
    problems = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        check(path, text, figures, problems)
        check_samples(iamspec, path, text, problems)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(f"{len(paths)} documents quote the suite as it is: {figures['cases']} cases, {figures['rules']} rules, "
          f"{figures['runs']} runs, {figures['mutants']} mutants; the example engine {figures['example passed']} "
          f"passed, {figures['example skipped']} skipped")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-2])
    sys.exit(main(sys.argv[1], sys.argv[2:]))
