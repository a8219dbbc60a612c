"""Counts iamspec's instructions with valgrind callgrind, and holds them to the committed budget.

Instruction counts of one build do not depend on the machine's load, so a figure that grows says
that iamspec does more work. The figures, each on a suite that generate_suite.py writes:

  lint             `iamspec lint --no-proof SUITE`: the whole process, loading the suite
  run_phase        `iamspec run SUITE --jobs 1 --in-process` less `lint`: running the case runs
  compiled_decode  inside `PortableSuite(contentsOf:opening:)` of `iamspec run-compiled`: reading and
                   decoding the compiled suite (`iamspec compile` of the same suite)
  isolated_run     `iamspec run SUITE --jobs 1` with crash isolation: iamspec and its stdio
                   workers (the reference engine in them), every process counted
  startup          `iamspec --version`: the whole process, what every command, worker and served
                   engine pays before its work (the dynamic linker, the libraries' initialisers,
                   the argument parser)

The start-up figure has a ceiling besides its budget: the budget's `startup_ceiling`, the figure
measured at the commit it names, and its `margin_percent` over it, which neither the tolerance nor
--update moves (ARCHITECTURE.md, "What each module may import": one file importing full Foundation
costs every process ~12 M, +53 %; the margin is what the dynamic linker's relocations grow with the
code, +0.2 % from d1213bf to 17 % more machine code).

Usage:
  instructions.py gate IAMSPEC [--budget FILE] [--update] [--keep DIR]
      Measures the figures on the budget's gate suite with IAMSPEC (a release binary stripped of
      its debug info: `strip --strip-debug`) and fails (exit 1) when one is more than the budget's
      tolerance over its budget, or the start-up over its ceiling. --update writes the figures
      measured into the budget instead (a budget moves only in a commit that says why). Exits 77,
      saying why, when the budget was measured with another Swift toolchain (instruction counts
      are the toolchain's).
  instructions.py startup IAMSPEC [--budget FILE]
      Measures the start-up alone (a second) and fails (exit 1) when it is over the ceiling.
  instructions.py toolchain
      Prints the toolchain line the budget records (`swift --version`'s first line).
  instructions.py self-test
      Checks, measuring nothing, that a start-up over the ceiling and its margin fails and one
      within passes, and that a budget without a ceiling is refused.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SUPPORT = Path(__file__).resolve().parent
DEFAULT_BUDGET = SUPPORT / "budget.json"
FIGURES = ("lint", "run_phase", "compiled_decode", "isolated_run", "startup")
# The function whose instructions are the compiled decode (callgrind --toggle-collect, a mangled
# name): `PortableSuite.init(contentsOf:opening:)`, which `iamspec run-compiled` calls (the
# app's `init(contentsOf:)` matches too): the file's first pass, its decode and the suite's runs.
COMPILED_DECODE_FUNCTION = "$s15IAMSpecPortable0B5SuiteV10contentsOf*"


class GateError(Exception):
    """A figure that could not be measured: the command failed or printed what was not expected."""


def toolchain() -> str:
    output = subprocess.run(["swift", "--version"], capture_output=True, text=True, check=True)
    return (output.stdout or output.stderr).splitlines()[0].strip()


def load_budget(path: Path) -> dict:
    with open(path, encoding="utf-8") as file:
        budget = json.load(file)
    gate = budget.get("gate", {})
    if not isinstance(gate.get("cases"), int) or gate["cases"] < 1:
        raise GateError(f"{path}: gate.cases is missing or not a positive integer")
    if not isinstance(budget.get("tolerance_percent"), (int, float)) or budget["tolerance_percent"] < 0:
        raise GateError(f"{path}: tolerance_percent is missing or not a number of at least 0")
    for name in FIGURES:
        if not isinstance(gate.get("instructions", {}).get(name), int):
            raise GateError(f"{path}: gate.instructions.{name} is missing or not an integer")
    ceiling = budget.get("startup_ceiling", {})
    if (
        not isinstance(ceiling.get("instructions"), int)
        or not isinstance(ceiling.get("commit"), str)
        or not isinstance(ceiling.get("margin_percent"), (int, float))
        or not 0 <= ceiling["margin_percent"] <= 1
    ):
        raise GateError(
            f"{path}: startup_ceiling needs instructions (an integer), commit (the one measured) and"
            " margin_percent (0 to 1)"
        )
    return budget


def callgrind(work: Path, name: str, command: list, keep: Path | None, toggle: str | None = None) -> tuple:
    """The instructions a command executes (every process it starts summed), and its output."""
    for old in work.glob(f"callgrind.{name}.*.out"):
        old.unlink()
    options = ["--tool=callgrind", "--trace-children=yes", f"--callgrind-out-file={work}/callgrind.{name}.%p.out"]
    if toggle:
        options.append(f"--toggle-collect={toggle}")
    result = subprocess.run(["valgrind", *options, *command], capture_output=True, text=True)
    if result.returncode != 0:
        raise GateError(
            f"`{' '.join(command)}` exited with status {result.returncode} under callgrind:\n"
            + "\n".join((result.stdout + result.stderr).splitlines()[-20:])
        )
    total = 0
    profiles = sorted(work.glob(f"callgrind.{name}.*.out"))
    if not profiles:
        raise GateError(f"callgrind wrote no profile for `{' '.join(command)}`")
    for profile in profiles:
        counted = None
        with open(profile, encoding="utf-8", errors="replace") as file:
            for line in file:
                if line.startswith(("summary:", "totals:")):
                    counted = int(line.split()[1])
                    break
        if counted is None:
            raise GateError(f"no instruction total in the callgrind profile {profile}")
        total += counted
        if keep:
            shutil.copy(profile, keep)
    return total, result.stdout


def expect_all_passed(output: str, runs: int, what: str) -> None:
    lines = output.strip().splitlines()
    last = lines[-1] if lines else ""
    expected = f"{runs} passed, 0 failed, 0 skipped"
    if last != expected:
        raise GateError(f"{what} printed '{last}'; expected '{expected}'")


def measure(iamspec: str, cases: int, work: Path, keep: Path | None) -> dict:
    """The four figures on a generated suite of `cases` cases."""
    suite = work / f"suite-{cases}"
    summary = subprocess.run(
        [sys.executable, str(SUPPORT / "generate_suite.py"), "--cases", str(cases), "--out", str(suite)],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    fields = dict(word.split("=", 1) for word in summary)
    runs = int(fields["runs"])
    compiled = work / "suite.json"
    subprocess.run([iamspec, "compile", str(suite), "-o", str(compiled)], capture_output=True, check=True)

    lint, _ = callgrind(work, "lint", [iamspec, "lint", "--no-proof", str(suite)], keep)
    run, output = callgrind(work, "run", [iamspec, "run", str(suite), "--jobs", "1", "--in-process"], keep)
    expect_all_passed(output, runs, "iamspec run --in-process")
    isolated, output = callgrind(work, "run-isolated", [iamspec, "run", str(suite), "--jobs", "1"], keep)
    expect_all_passed(output, runs, "iamspec run (crash isolation)")
    decode, output = callgrind(
        work, "run-compiled", [iamspec, "run-compiled", str(compiled)], keep, toggle=COMPILED_DECODE_FUNCTION
    )
    expect_all_passed(output, runs, "iamspec run-compiled")
    if decode == 0:
        raise GateError(f"callgrind counted nothing in {COMPILED_DECODE_FUNCTION}: has it been renamed?")
    startup = measure_startup(iamspec, work, keep)
    return {
        "figures": {
            "lint": lint,
            "run_phase": run - lint,
            "compiled_decode": decode,
            "isolated_run": isolated,
            "startup": startup,
        },
        "steps": int(fields["steps"]),
        "runs": runs,
    }


def measure_startup(iamspec: str, work: Path, keep: Path | None) -> int:
    """The instructions of `iamspec --version`, which prints the version alone."""
    startup, output = callgrind(work, "version", [iamspec, "--version"], keep)
    if not output.strip() or len(output.strip().splitlines()) != 1:
        raise GateError(f"iamspec --version printed {output!r}; expected its version on one line")
    return startup


def ceiling_limit(budget: dict) -> int:
    """The most start-up may cost: the ceiling's figure and its margin."""
    ceiling = budget["startup_ceiling"]
    return round(ceiling["instructions"] * (100 + ceiling["margin_percent"]) / 100)


def over_ceiling(budget: dict, startup: int) -> str | None:
    """What to say when the start-up costs more than at the commit of the budget's ceiling."""
    ceiling = budget["startup_ceiling"]
    if startup <= ceiling_limit(budget):
        return None
    return (
        f"iamspec --version costs {startup:,} instructions, more than {ceiling_limit(budget):,}"
        f" ({ceiling['instructions']:,} at {ceiling['commit']} and {ceiling['margin_percent']} %;"
        " startup_ceiling): find what every process now loads or initialises (readelf -d,"
        " callgrind_annotate); neither the tolerance nor --update moves the ceiling"
    )


def ceiling_text(budget: dict, startup: int) -> str:
    ceiling = budget["startup_ceiling"]
    change = (startup - ceiling["instructions"]) * 100 / ceiling["instructions"]
    return (
        f"{startup:,} instr, {change:+.2f} % on {ceiling['instructions']:,} at {ceiling['commit']}"
        f" (at most +{ceiling['margin_percent']} %)"
    )


def self_test() -> int:
    budget = json.loads(DEFAULT_BUDGET.read_text(encoding="utf-8"))
    budget["startup_ceiling"] = {"instructions": 20_000_000, "commit": "abc1234", "margin_percent": 0.5}
    assert over_ceiling(budget, 20_000_000) is None, "the ceiling's own figure passes"
    assert over_ceiling(budget, 20_100_000) is None, "within the margin passes"
    above = over_ceiling(budget, 20_100_001)
    assert above and "20,100,000" in above and "abc1234" in above, above
    assert over_ceiling(budget, 30_600_000), "full Foundation in every process (+53 %) fails"
    with tempfile.TemporaryDirectory(prefix="iamspec-instructions.") as scratch:
        no_margin = {"instructions": 1, "commit": "abc1234"}
        too_wide = {"instructions": 1, "commit": "abc1234", "margin_percent": 3}
        for ceiling in (None, no_margin, too_wide):
            broken = dict(budget)
            if ceiling is None:
                del broken["startup_ceiling"]
            else:
                broken["startup_ceiling"] = ceiling
            path = Path(scratch) / "budget.json"
            path.write_text(json.dumps(broken), encoding="utf-8")
            try:
                load_budget(path)
            except GateError as error:
                assert "startup_ceiling" in str(error), error
            else:
                raise AssertionError(f"a budget with startup_ceiling {ceiling} was taken")
    load_budget(DEFAULT_BUDGET)
    print("instructions.py: the self-test passed (a start-up over its ceiling fails, a budget without one is refused)")
    return 0


def startup_only(arguments) -> int:
    budget = load_budget(Path(arguments.budget))
    with tempfile.TemporaryDirectory(prefix="iamspec-instructions.") as scratch:
        startup = measure_startup(arguments.iamspec, Path(scratch), None)
    print(f"iamspec --version: {ceiling_text(budget, startup)}")
    above = over_ceiling(budget, startup)
    if above:
        print(f"error: {above}", file=sys.stderr)
        return 1
    return 0


def gate(arguments) -> int:
    budget_path = Path(arguments.budget)
    budget = load_budget(budget_path)
    here = toolchain()
    if budget.get("toolchain") != here and not arguments.update:
        print(
            f"skipped: {budget_path.name} was measured with {budget.get('toolchain')!r}, this is {here!r};"
            " instruction counts are a toolchain's (scripts/bench-support/instructions.py gate --update"
            " measures a budget for this one)"
        )
        return 77
    cases = budget["gate"]["cases"]
    keep = Path(arguments.keep).resolve() if arguments.keep else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="iamspec-instructions.") as scratch:
        measured = measure(arguments.iamspec, cases, Path(scratch), keep)
    figures = measured["figures"]
    tolerance = budget["tolerance_percent"]
    print(
        f"{cases} generated cases ({measured['runs']} runs, {measured['steps']} steps), {here};"
        f" budget {budget_path.name}, tolerance {tolerance} %"
    )
    over = []
    for name in FIGURES:
        allowed = budget["gate"]["instructions"][name]
        change = (figures[name] - allowed) * 100 / allowed
        verdict = "over budget" if change > tolerance else "within budget"
        if change > tolerance:
            over.append(name)
        print(f"  {name:16} {figures[name]:>14,} instr, budget {allowed:>14,} ({change:+.2f} %): {verdict}")
    above = over_ceiling(budget, figures["startup"])
    print(
        f"  {'startup ceiling':16} {ceiling_text(budget, figures['startup'])}:"
        f" {'over the ceiling' if above else 'within the ceiling'}"
    )
    if above:
        print(f"error: {above}", file=sys.stderr)
    if arguments.update:
        budget["toolchain"] = here
        budget["gate"]["instructions"] = figures
        with open(budget_path, "w", encoding="utf-8") as file:
            json.dump(budget, file, indent=2)
            file.write("\n")
        print(f"wrote the figures measured into {budget_path}; commit it saying why the budget moves")
        return 1 if above else 0
    if over:
        print(
            f"error: {', '.join(over)} grew more than {tolerance} % over {budget_path}; find the cause"
            " (scripts/bench --keep DIR, then callgrind_annotate), or, when the work is wanted, move the"
            " budget (instructions.py gate --update) in a commit that says why",
            file=sys.stderr,
        )
        return 1
    return 1 if above else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    gate_parser = commands.add_parser("gate")
    gate_parser.add_argument("iamspec")
    gate_parser.add_argument("--budget", default=str(DEFAULT_BUDGET))
    gate_parser.add_argument("--update", action="store_true")
    gate_parser.add_argument("--keep")
    startup_parser = commands.add_parser("startup")
    startup_parser.add_argument("iamspec")
    startup_parser.add_argument("--budget", default=str(DEFAULT_BUDGET))
    commands.add_parser("toolchain")
    commands.add_parser("self-test")
    arguments = parser.parse_args()
    try:
        if arguments.command == "gate":
            return gate(arguments)
        if arguments.command == "startup":
            return startup_only(arguments)
        if arguments.command == "self-test":
            return self_test()
        print(toolchain())
        return 0
    except (GateError, OSError, json.JSONDecodeError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", None) or ""
        if isinstance(detail, bytes):
            detail = detail.decode("utf-8", "replace")
        shown = "".join(f"\n  {line}" for line in detail.splitlines()[:20])
        print(f"instructions.py: error: {error}{shown}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
