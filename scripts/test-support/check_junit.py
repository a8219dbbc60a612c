"""Checks a JUnit report written by iamspec, as three CI readers read it.

The report must validate against both CI schemas in the schemas folder, hold at least one test
(Jenkins fails a step whose report holds none; --allow-empty lifts this), keep each suite's
counts equal to its test cases, and be read by each of junitparser, xunitparser and junit2html
(all from PyPI) as holding as many tests, failures, errors and skips as the results stream's
footer.

junit2html has no error category: it reads an <error> as a failure, keeping only its message
(shown beside "Failed") and its text (the page's block for the case), not the element's name nor
its type. iamspec starts both an error's message and its text with "error (<kind>): " so that
junit2html's page still says it was an error; here a junit2html failure whose message and text
both start so counts as an error, any other as a failure.

Prints a line per reader with its counts. Usage:
check_junit.py [--allow-empty] SCHEMAS_DIR RESULTS.jsonl REPORT.xml
(SCHEMAS_DIR `-`: every check but the schemas, which scripts/test makes a stage of its own.)
"""

import os
import sys
from xml.etree.ElementTree import ParseError

import xmlschema
import xunitparser
from junit2htmlreport.parser import Junit
from junitparser import JUnitXml, TestSuite

import safe_xml
from results_footer import Totals, read_footer_totals

REQUIRED_SCHEMAS = ("ant-junit.xsd", "jenkins-junit-10.xsd")
ERROR_MESSAGE_PREFIX = "error ("


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


def junitparser_totals(report_path: str, problems: list[str]) -> Totals:
    """Counts the test cases by result; reports suites whose attributes disagree with them."""
    passed = failed = errors = skipped = 0
    for suite in suites_of(JUnitXml.fromfile(report_path)):
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


def xunitparser_totals(report_path: str) -> Totals:
    """What xunitparser reads: its unittest-style result (it asserts on what it cannot take)."""
    _, result = xunitparser.parse(report_path)
    failed, errors, skipped = len(result.failures), len(result.errors), len(result.skipped)
    return Totals(
        passed=result.testsRun - failed - errors - skipped, failed=failed, errors=errors, skipped=skipped
    )


def junit2html_totals(report_path: str) -> Totals:
    """What junit2html reads, its failures split by the error prefix of their message and text."""
    cases = [case for suite in Junit(filename=report_path) for case in suite.all()]
    skipped = sum(1 for case in cases if case.skipped)
    failing = [case for case in cases if not case.skipped and case.failed()]
    errors = sum(
        1
        for case in failing
        if (case.failure_msg or "").startswith(ERROR_MESSAGE_PREFIX) and (case.failure or "").startswith(ERROR_MESSAGE_PREFIX)
    )
    return Totals(
        passed=len(cases) - skipped - len(failing),
        failed=len(failing) - errors,
        errors=errors,
        skipped=skipped,
    )


def main(schemas_dir: str, results_path: str, report_path: str, allow_empty: bool) -> int:
    safe_xml.parse(report_path)  # no document type, no entity: refused before any reader expands one
    problems = [] if schemas_dir == "-" else schema_problems(schemas_dir, report_path)
    footer_totals = read_footer_totals(results_path)
    readers = {
        "junitparser": lambda: junitparser_totals(report_path, problems),
        "xunitparser": lambda: xunitparser_totals(report_path),
        "junit2html": lambda: junit2html_totals(report_path),
    }
    lines = []
    for reader, count in readers.items():
        try:
            totals = count()
        except (AssertionError, KeyError, ValueError, TypeError, AttributeError) as problem:
            problems.append(f"{report_path}: {reader} cannot read it: {type(problem).__name__} {problem}")
            continue
        if totals.tests == 0 and not allow_empty:
            problems.append(f"{report_path}: {reader} finds no test case")
        if totals != footer_totals:
            problems.append(f"{report_path}: {reader} reads {totals}; but the results stream's footer says {footer_totals}")
        lines.append(f"  {reader:<12} {totals}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(
        f"{os.path.basename(report_path)} ({os.path.getsize(report_path):,} bytes): "
        + ("schemas not checked here; " if schemas_dir == "-" else f"valid against {' and '.join(REQUIRED_SCHEMAS)}; ")
        + "each reader as the results stream's footer:"
    )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    allow_empty = "--allow-empty" in arguments
    arguments = [argument for argument in arguments if argument != "--allow-empty"]
    if len(arguments) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    try:
        sys.exit(main(*arguments, allow_empty=allow_empty))
    except (OSError, ValueError, ParseError, xmlschema.XMLSchemaException) as problem:
        sys.exit(f"error: {problem}")
