"""Checks a JUnit report written a file per suite (`iamspec run --junit-dir DIR`) against the
single-file report (`--junit FILE`) of the same run.

- DIR holds one `TEST-<suite>.xml` per suite of FILE and nothing else of iamspec's, each a
  `<testsuite>` document in which junitparser reads that suite's tests, failures, errors and skips
  as in FILE;
- with --schemas SCHEMAS_DIR: each file validates against both CI schemas (check_junit.py);
- with --merged MERGED.xml, the output of Ant's junitreport task over DIR (junitreport.xml): it
  holds the same suites (Ant splits `iamspec.<suite>` into package and name) with the same counts,
  and the same totals as FILE.

Prints the totals and, per suite, the counts. Usage:
check_junit_suites.py [--schemas SCHEMAS_DIR] [--merged MERGED.xml] FILE DIR
"""

import os
import sys
from xml.etree.ElementTree import ParseError

import xmlschema
from junitparser import JUnitXml

import safe_xml
from check_junit import junitparser_totals, schema_problems, suites_of


def suite_counts(report_path: str, qualified: bool, problems: list[str]) -> dict[str, str]:
    """Each suite's counts by name (Ant's merged suites named `package.name` when `qualified`)."""
    counts = {}
    root = safe_xml.parse(report_path).getroot()
    elements = [root] if root.tag == "testsuite" else list(root)
    for element, suite in zip(elements, suites_of(JUnitXml.fromfile(report_path))):
        name = f"{element.get('package')}.{suite.name}" if qualified else suite.name
        cases = list(suite)
        counts[name] = (
            f"{len(cases)} tests, {sum(1 for case in cases if case.is_failure)} failures, "
            f"{sum(1 for case in cases if case.is_error)} errors, {sum(1 for case in cases if case.is_skipped)} skipped"
        )
    junitparser_totals(report_path, problems)  # each suite's attributes against its test cases
    return counts


def main(single: str, folder: str, schemas: str | None, merged: str | None) -> int:
    problems: list[str] = []
    expected = suite_counts(single, False, problems)
    files = sorted(name for name in os.listdir(folder) if name.startswith("TEST-iamspec."))
    wanted = sorted(f"TEST-{name}.xml" for name in expected)
    if files != wanted:
        problems.append(f"{folder}: holds {files}, expected a file per suite of {single}: {wanted}")
    for name in files:
        path = os.path.join(folder, name)
        if schemas:
            problems += schema_problems(schemas, path)
        found = suite_counts(path, False, problems)
        suite = name.removeprefix("TEST-").removesuffix(".xml")
        if found != {suite: expected.get(suite)}:
            problems.append(f"{path}: junitparser reads {found}, expected {{{suite!r}: {expected.get(suite)!r}}}")
    if merged:
        found = suite_counts(merged, True, problems)
        if found != expected:
            problems.append(f"{merged} (Ant's junitreport): junitparser reads {found}, expected {expected} as in {single}")
        if junitparser_totals(merged, problems) != junitparser_totals(single, problems):
            problems.append(f"{merged}: its totals differ from {single}'s")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    totals = junitparser_totals(single, problems)
    print(
        f"{folder}: {len(files)} suite files"
        + (", each valid against both schemas" if schemas else "")
        + (", merged by Ant's junitreport" if merged else "")
        + f"; as {os.path.basename(single)}: {totals}"
    )
    for suite, count in expected.items():
        print(f"  {suite:<24} {count}")
    return 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    options = {}
    while arguments and arguments[0] in ("--schemas", "--merged") and len(arguments) > 1:
        options[arguments[0]] = arguments[1]
        arguments = arguments[2:]
    if len(arguments) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    try:
        sys.exit(main(*arguments, schemas=options.get("--schemas"), merged=options.get("--merged")))
    except (OSError, ValueError, ParseError, xmlschema.XMLSchemaException) as problem:
        sys.exit(f"error: {problem}")
