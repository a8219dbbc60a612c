"""Checks a JUnit report written by iamspec.

The report must validate against both CI schemas in the schemas folder, hold at least one test
(Jenkins fails a step whose report holds none), keep each suite's counts equal to its test cases,
and count as many tests, failures, errors and skips as the results stream's footer.

Usage: check_junit.py SCHEMAS_DIR RESULTS.jsonl REPORT.xml
(SCHEMAS_DIR `-`: every check but the schemas, which scripts/test makes a stage of its own.)
"""

import os
import sys
from xml.etree.ElementTree import ParseError

import xmlschema
from junitparser import JUnitXml, TestSuite

from results_footer import Totals, read_footer_totals

REQUIRED_SCHEMAS = ("ant-junit.xsd", "jenkins-junit-10.xsd")


def schema_problems(schemas_dir: str, report_path: str) -> list[str]:
    """Every validation error of the report, against each required schema."""
    problems = []
    for name in REQUIRED_SCHEMAS:
        schema_path = os.path.join(schemas_dir, name)
        if not os.path.isfile(schema_path):
            problems.append(f"{schema_path}: schema not found")
            continue
        schema = xmlschema.XMLSchema(schema_path)
        for error in schema.iter_errors(report_path):
            where = error.path or "/"
            problems.append(f"{report_path}: not valid against {name} at {where}: {error.reason}")
    return problems


def suites_of(report: JUnitXml | TestSuite) -> list[TestSuite]:
    """The report's test suites, whether its root is `testsuites` or a single `testsuite`."""
    return [report] if isinstance(report, TestSuite) else list(report)


def counted_totals(suites: list[TestSuite], problems: list[str]) -> Totals:
    """Counts the test cases by result; reports suites whose attributes disagree with them."""
    passed = failed = errors = skipped = 0
    for suite in suites:
        cases = list(suite)
        suite_failed = sum(1 for case in cases if case.is_failure)
        suite_errors = sum(1 for case in cases if case.is_error)
        suite_skipped = sum(1 for case in cases if case.is_skipped)
        declared = {
            "tests": (suite.tests, len(cases)),
            "failures": (suite.failures, suite_failed),
            "errors": (suite.errors, suite_errors),
            "skipped": (suite.skipped, suite_skipped),
        }
        for attribute, (value, actual) in declared.items():
            if value is not None and int(value) != actual:
                problems.append(
                    f"suite {suite.name!r}: {attribute}=\"{value}\", but its test cases count {actual}"
                )
        failed += suite_failed
        errors += suite_errors
        skipped += suite_skipped
        passed += len(cases) - suite_failed - suite_errors - suite_skipped
    return Totals(passed=passed, failed=failed, errors=errors, skipped=skipped)


def main(schemas_dir: str, results_path: str, report_path: str) -> int:
    problems = [] if schemas_dir == "-" else schema_problems(schemas_dir, report_path)
    suites = suites_of(JUnitXml.fromfile(report_path))
    report_totals = counted_totals(suites, problems)
    footer_totals = read_footer_totals(results_path)
    if report_totals.tests == 0:
        problems.append(f"{report_path}: the report holds no test case")
    if report_totals != footer_totals:
        problems.append(
            f"{report_path}: {report_totals}; but the results stream's footer says {footer_totals}"
        )
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(
        f"{os.path.basename(report_path)}: "
        + ("schemas not checked here; " if schemas_dir == "-" else f"valid against {' and '.join(REQUIRED_SCHEMAS)}; ")
        + f"{len(suites)} suites, {report_totals} (as the results stream's footer)"
    )
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[-1])
    try:
        sys.exit(main(*sys.argv[1:]))
    except (OSError, ValueError, ParseError, xmlschema.XMLSchemaException) as problem:
        sys.exit(f"error: {problem}")
