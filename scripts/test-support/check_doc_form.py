#!/usr/bin/env python3
"""Checks that the docs keep a form a reader can skim (issue 87): a CHANGELOG entry is one line,
and a Markdown table cell is short.

  - CHANGELOG.md: every entry (a `- ` item) under "Unreleased" is one line, as Keep a Changelog
    has it: a short sentence, with a link to the doc or issue for more. The released sections are
    history, as they were written, and are not read. A line that continues an entry (an indented
    line, or any line after an item before the next blank line or heading) fails, naming the entry.
  - Every other file given: no cell of a Markdown table is longer than 300 characters; a longer
    explanation is a section of its own (docs/COMMANDS.md, "Options of `run`": a table of short
    meanings, then a section per long option).

Usage: check_doc_form.py CHANGELOG.md DOCUMENT.md...
       check_doc_form.py --self-test   (a paragraph entry and a long cell must be found)
Exit status 0 when every entry and cell has the form, 1 naming each one that does not as
`FILE:LINE: error: what was found, what was expected`.
"""

import os
import re
import sys
import tempfile

CELL_LIMIT = 300
ITEM = re.compile(r"^- ")
HEADING = re.compile(r"^#{1,6} ")
FENCE = re.compile(r"^\s*(```|~~~)")


def changelog_problems(path, text):
    """Each entry of the Unreleased section that runs past its first line."""
    problems = []
    lines = text.split("\n")
    inside, entry = False, None
    for number, line in enumerate(lines, 1):
        if line.startswith("## "):
            inside = line.startswith("## [Unreleased]")
            entry = None
            continue
        if not inside:
            continue
        if HEADING.match(line) or not line.strip():
            entry = None
        elif ITEM.match(line):
            entry = (number, line)
        elif entry is not None:
            start, first = entry
            problems.append(f"{path}:{number}: error: found a second line of the entry at line {start} "
                            f"({first[:60]!r}...), expected one line per entry: a short sentence, and a link "
                            "to the doc or issue for the details")
            entry = None
        else:
            problems.append(f"{path}:{number}: error: found {line[:60]!r} under Unreleased, expected an entry "
                            "(`- ...`), a subsection heading or a blank line")
    return problems


def cells(row):
    """The cells of a Markdown table row, split at pipes that are not escaped or in a code span."""
    found, current, in_code = [], [], False
    index = 0
    body = row.strip()
    if body.startswith("|"):
        body = body[1:]
    while index < len(body):
        character = body[index]
        if character == "\\" and index + 1 < len(body):
            current.append(body[index:index + 2])
            index += 2
            continue
        if character == "`":
            in_code = not in_code
        if character == "|" and not in_code:
            found.append("".join(current))
            current = []
        else:
            current.append(character)
        index += 1
    if "".join(current).strip():
        found.append("".join(current))
    return [cell.strip() for cell in found]


def table_problems(path, text):
    problems = []
    fenced = False
    for number, line in enumerate(text.split("\n"), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or not line.lstrip().startswith("|"):
            continue
        for column, cell in enumerate(cells(line), 1):
            if len(cell) > CELL_LIMIT:
                problems.append(f"{path}:{number}: error: found a table cell (column {column}) of {len(cell)} "
                                f"characters ({cell[:50]!r}...), expected at most {CELL_LIMIT}: give the "
                                "explanation a section of its own and link to it from the cell")
    return problems


def check(changelog, documents):
    problems = []
    with open(changelog, encoding="utf-8") as handle:
        problems += changelog_problems(changelog, handle.read())
    for path in documents:
        with open(path, encoding="utf-8") as handle:
            problems += table_problems(path, handle.read())
    return problems


def self_test():
    with tempfile.TemporaryDirectory() as folder:
        changelog = os.path.join(folder, "CHANGELOG.md")
        document = os.path.join(folder, "doc.md")
        with open(changelog, "w", encoding="utf-8") as handle:
            handle.write("# Changelog\n\n## [Unreleased]\n\n### Added\n\n- One line.\n- A paragraph\n  entry.\n\n"
                         "## [0.1.0] - 2026-01-01\n\n- An old\n  paragraph, not read.\n")
        with open(document, "w", encoding="utf-8") as handle:
            handle.write("| a | b |\n|---|---|\n| `x \\| y` | short |\n| long | " + "w" * 301 + " |\n"
                         "```\n| " + "z" * 400 + " |\n```\n")
        found = check(changelog, [document])
    expected = [f"{changelog}:9: error: found a second line of the entry at line 8",
                f"{document}:4: error: found a table cell (column 2) of 301 characters"]
    if len(found) != len(expected) or not all(line.startswith(prefix) for line, prefix in zip(found, expected)):
        print("check_doc_form.py self-test: expected\n  " + "\n  ".join(expected) + "\nfound\n  "
              + "\n  ".join(found))
        return 1
    print("check_doc_form.py self-test: a paragraph entry and a long table cell are found")
    return 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    if len(arguments) < 1:
        print(__doc__.strip().splitlines()[-4], file=sys.stderr)
        return 2
    problems = check(arguments[0], arguments[1:])
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"{arguments[0]}: one line per Unreleased entry; {len(arguments) - 1} documents: no table cell over "
          f"{CELL_LIMIT} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
