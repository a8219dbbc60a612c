#!/usr/bin/env python3
"""Checks that every fenced code block of one language in a Markdown file is, word for word, in a
source file that the tests compile, so that a sample in the docs cannot drift from code that works.

Usage: check_code_samples.py LANGUAGE MARKDOWN SOURCE

Each block opened by ```LANGUAGE must appear in SOURCE as it is (its lines, in order, with their
indentation). Prints `MARKDOWN:line:1: error: ...` for a block that does not, and exits 1.
"""

import sys


def blocks(path, language):
    """Each fenced block of the language: (the line of its fence, its text)."""
    found, lines, start = [], None, 0
    with open(path, encoding="utf-8") as markdown:
        for number, line in enumerate(markdown, start=1):
            fence = line.strip()
            if lines is None and fence == "```" + language:
                lines, start = [], number
            elif lines is not None and fence == "```":
                found.append((start, "".join(lines)))
                lines = None
            elif lines is not None:
                lines.append(line)
    return found


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    language, markdown, source = sys.argv[1:]
    with open(source, encoding="utf-8") as file:
        code = file.read()
    samples = blocks(markdown, language)
    if not samples:
        print(f"{markdown}:1:1: error: found no ```{language} block, expected at least one", file=sys.stderr)
        sys.exit(1)
    failed = False
    for line, text in samples:
        if text not in code:
            print(f"{markdown}:{line}:1: error: found a ```{language} block that is not in {source}, "
                  f"expected it there word for word", file=sys.stderr)
            failed = True
    if failed:
        sys.exit(1)
    print(f"{len(samples)} ```{language} block(s) of {markdown} found word for word in {source}")


main()
