"""Reads the totals of an `iamspec run` from the last line of its results stream (--json FILE)."""

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Totals:
    """How many case runs passed, failed, errored and were skipped."""

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
    """The totals in the stream's footer, its last non-empty line; raises ValueError when absent."""
    with open(results_path, encoding="utf-8") as stream:
        lines = [line for line in stream.read().splitlines() if line.strip()]
    if not lines:
        raise ValueError(f"{results_path}: the results stream is empty; expected a footer line")
    footer = json.loads(lines[-1])
    totals = footer.get("totals", footer) if isinstance(footer, dict) else None
    try:
        return Totals(
            passed=int(totals["passed"]),
            failed=int(totals["failed"]),
            errors=int(totals["errors"]),
            skipped=int(totals["skipped"]),
        )
    except (TypeError, KeyError, ValueError) as problem:
        raise ValueError(
            f"{results_path}:{len(lines)}: the last line has no totals ({problem!r}); "
            "expected passed, failed, errors and skipped counts"
        ) from None
