"""Counts iamspec's instructions with valgrind callgrind, and holds them to the committed budget.

Instruction counts of one build do not depend on the machine's load, so a figure that grows says
that iamspec does more work. The figures, each on a suite that generate_suite.py writes:

  lint             `iamspec lint --no-proof SUITE`: the whole process, loading the suite
  run_phase        `iamspec run SUITE --jobs 1 --in-process` less `lint`: running the case runs
  compiled_decode  inside `PortableSuite(contentsOf:opening:)` of `iamspec run-compiled`: reading and
                   decoding the compiled suite (`iamspec compile` of the same suite)
  isolated_run     `iamspec run SUITE --jobs 1` with crash isolation: iamspec and its stdio
                   workers (the reference engine in them), every process counted

Usage:
  instructions.py gate IAMSPEC [--budget FILE] [--update] [--keep DIR]
      Measures the figures on the budget's gate suite with IAMSPEC (a release binary stripped of
      its debug info: `strip --strip-debug`) and fails (exit 1) when one is more than the budget's
      tolerance over its budget. --update writes the figures measured into the budget instead (a
      budget moves only in a commit that says why). Exits 77, saying why, when the budget was
      measured with another Swift toolchain (instruction counts are the toolchain's).
  instructions.py toolchain
      Prints the toolchain line the budget records (`swift --version`'s first line).
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
FIGURES = ("lint", "run_phase", "compiled_decode", "isolated_run")
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
    return {
        "figures": {"lint": lint, "run_phase": run - lint, "compiled_decode": decode, "isolated_run": isolated},
        "steps": int(fields["steps"]),
        "runs": runs,
    }


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
    if arguments.update:
        budget["toolchain"] = here
        budget["gate"]["instructions"] = figures
        with open(budget_path, "w", encoding="utf-8") as file:
            json.dump(budget, file, indent=2)
            file.write("\n")
        print(f"wrote the figures measured into {budget_path}; commit it saying why the budget moves")
        return 0
    if over:
        print(
            f"error: {', '.join(over)} grew more than {tolerance} % over {budget_path}; find the cause"
            " (scripts/bench --keep DIR, then callgrind_annotate), or, when the work is wanted, move the"
            " budget (instructions.py gate --update) in a commit that says why",
            file=sys.stderr,
        )
        return 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    gate_parser = commands.add_parser("gate")
    gate_parser.add_argument("iamspec")
    gate_parser.add_argument("--budget", default=str(DEFAULT_BUDGET))
    gate_parser.add_argument("--update", action="store_true")
    gate_parser.add_argument("--keep")
    commands.add_parser("toolchain")
    arguments = parser.parse_args()
    try:
        if arguments.command == "gate":
            return gate(arguments)
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
