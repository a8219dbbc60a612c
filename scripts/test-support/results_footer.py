"""Reads the totals of an `iamspec run` from the footer of its results stream (--json FILE).

The footer is the stream's last line: `{"record": "footer", "totals": {"runs", "passed",
"failed", "errors", "skipped"}, "interrupted", "verdict": {...}}`, where `failed` counts errors
too and `errors` gives them apart. `totals` is what the engine did; `verdict` is what every report
shows: the runs as the run's baseline judged them (expected failures skipped, unexpected passes
failed), and its stale entries counted as failed. The totals read here are the verdict's (the
raw totals for a stream written before iamspec recorded a verdict).
"""

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Totals:
    """How many case runs passed, failed (errors apart), errored and were skipped."""

    passed: int
    failed: int
    errors: int
    skipped: int

    @property
    def tests(self) -> int:
        return self.passed + self.failed + self.errors + self.skipped

    def __str__(self) -> str:
        return (
            f"{self.tests} tests: {self.passed} passed, {self.failed} failed, "
            f"{self.errors} errors, {self.skipped} skipped"
        )


def read_footer_totals(results_path: str) -> Totals:
    """The totals in the stream's footer; raises ValueError when it is absent or inconsistent."""
    with open(results_path, encoding="utf-8") as stream:
        lines = [line for line in stream.read().splitlines() if line.strip()]
    if not lines:
        raise ValueError(f"{results_path}: the results stream is empty; expected a footer line")
    footer = json.loads(lines[-1])
    where = f"{results_path}:{len(lines)}"
    if not isinstance(footer, dict) or footer.get("record") != "footer":
        raise ValueError(f'{where}: the last line is not a footer; expected {{"record": "footer", ...}}')
    try:
        counts = {key: int(footer["totals"][key]) for key in ("runs", "passed", "failed", "errors", "skipped")}
    except (TypeError, KeyError, ValueError) as problem:
        raise ValueError(
            f"{where}: the footer's totals lack {problem}; expected runs, passed, failed, errors, skipped"
        ) from None
    totals = Totals(
        passed=counts["passed"],
        failed=counts["failed"] - counts["errors"],
        errors=counts["errors"],
        skipped=counts["skipped"],
    )
    if totals.failed < 0 or totals.tests != counts["runs"]:
        raise ValueError(f"{where}: the footer's totals do not add up: {footer['totals']}")
    case_lines = sum(1 for line in lines if json.loads(line).get("record") == "case")
    if case_lines != counts["runs"]:
        raise ValueError(f"{where}: the footer counts {counts['runs']} runs, the stream has {case_lines} case lines")
    verdict = footer.get("verdict")
    if verdict is None:
        return totals
    try:
        judged = {key: int(verdict[key]) for key in ("passed", "failed", "errors", "skipped", "stale_entries")}
    except (TypeError, KeyError, ValueError) as problem:
        raise ValueError(f"{where}: the footer's verdict lacks {problem}") from None
    if judged["passed"] + judged["failed"] + judged["skipped"] != counts["runs"] + judged["stale_entries"]:
        raise ValueError(f"{where}: the footer's verdict does not add up to its runs and stale entries: {verdict}")
    return Totals(
        passed=judged["passed"],
        failed=judged["failed"] - judged["errors"],
        errors=judged["errors"],
        skipped=judged["skipped"],
    )
