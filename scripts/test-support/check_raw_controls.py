"""Fails when a test runner's output holds text a terminal or a CI log would act on.

Usage: check_raw_controls.py RUNNER OUTPUT

OUTPUT is what RUNNER (the pytest plugin, the node:test runner, the JUnit 5 runner) printed for
Fixtures/hostile/streams/control-characters.jsonl, whose case id and message carry terminal
escapes, NUL, BEL, line breaks and CI log commands. Stream text is data: the runner must show it
escaped, so that none of these reaches the output raw: a C0 control other than tab and line feed
(ESC, NUL, BEL, CR...), DEL, a C1 control (U+0080 to U+009F), or a line that begins (after spaces)
with a GitHub Actions command (`::error ...::`) or an Azure Pipelines one (`##[error]`,
`##vso[...]`). Prints each one found, with its line, and exits 1; prints nothing and exits 0
when there is none.
"""

import re
import sys

RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")
COMMAND = re.compile(r"^[ \t]*(?:::[A-Za-z-]+(?:[ :])|##\[|##vso\[)")


def main() -> int:
    runner, path = sys.argv[1], sys.argv[2]
    text = open(path, "rb").read().decode("utf-8", errors="replace")
    found = []
    for number, line in enumerate(text.split("\n"), start=1):
        for match in RAW.finditer(line):
            found.append(f"{path}:{number}: a raw U+{ord(match.group(0)):04X}")
        if COMMAND.match(line):
            found.append(f"{path}:{number}: a CI log command at the start of a line: {line.strip()[:60]!r}")
    for problem in found:
        print(f"{runner}: {problem}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
