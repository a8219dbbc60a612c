"""Checks the last line `iamspec run` (or `iamspec report`) printed against the results stream.

The line must be exactly `N passed, N failed, N skipped` when no run errored, and
`N passed, N failed, N errors, N skipped` (`1 error`) when some did, as the footer counts them.

Usage: check_run_summary.py RUN_OUTPUT.txt RESULTS.jsonl
"""

import re
import sys

from results_footer import read_footer_totals

SUMMARY = re.compile(r"(\d+) passed, (\d+) failed, (?:(\d+) errors?, )?(\d+) skipped")


def totals_line(passed: int, failed: int, errors: int | None, skipped: int) -> str:
    """The totals line iamspec prints for these counts."""
    errors_part = "" if errors is None else f"{errors} error{'' if errors == 1 else 's'}, "
    return f"{passed} passed, {failed} failed, {errors_part}{skipped} skipped"


def main(output_file: str, results_file: str) -> int:
    with open(output_file, encoding="utf-8") as output:
        lines = output.read().splitlines()
    last = lines[-1] if lines else ""
    match = SUMMARY.fullmatch(last)
    if match is None:
        print(f"{output_file}: the last line is {last!r}; expected `N passed, N failed[, N errors], N skipped`", file=sys.stderr)
        return 1
    totals = read_footer_totals(results_file)
    if last != totals_line(totals.passed, totals.failed, totals.errors or None, totals.skipped):
        print(
            f"{output_file}: the last line is {last!r}, but the results stream's footer counts {totals}",
            file=sys.stderr,
        )
        return 1
    print(f"`{last}` agrees with the results stream's footer")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    try:
        sys.exit(main(*sys.argv[1:]))
    except (OSError, ValueError) as problem:
        sys.exit(f"error: {problem}")
