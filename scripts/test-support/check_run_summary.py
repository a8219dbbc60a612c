"""Checks the last line `iamspec run` (or `iamspec report`) printed against the results stream.

The line must be exactly `N passed, N failed, N skipped`, where failed counts failures and errors.

Usage: check_run_summary.py RUN_OUTPUT.txt RESULTS.jsonl
"""

import re
import sys

from results_footer import read_footer_totals

SUMMARY = re.compile(r"(\d+) passed, (\d+) failed, (\d+) skipped")


def main(output_file: str, results_file: str) -> int:
    with open(output_file, encoding="utf-8") as output:
        lines = output.read().splitlines()
    last = lines[-1] if lines else ""
    match = SUMMARY.fullmatch(last)
    if match is None:
        print(f"{output_file}: the last line is {last!r}; expected `N passed, N failed, N skipped`", file=sys.stderr)
        return 1
    printed = tuple(int(count) for count in match.groups())
    totals = read_footer_totals(results_file)
    expected = (totals.passed, totals.failed + totals.errors, totals.skipped)
    if printed != expected:
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
