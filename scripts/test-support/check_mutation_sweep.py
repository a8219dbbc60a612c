#!/usr/bin/env python3
"""Checks scripts/mutation-sweep's operators on a sample Swift file: the sites it must find (a
storage helper's sole statement, the statement of a one-line block or case, a statement over several
lines, negated membership tests) and the ones it must leave out (a body's value, an init's
assignment of a property without a default, a case's value, a line an expression goes on from, a
comparison), and that each schema rewriting keeps the original code in place. Then its rule-code
part: named declarations of the sample select the sites of their bodies (or a constant's value)
and no other, a name the file does not declare stops the sweep, and every declaration RULE_CODE
names is in the repository's file (and the rule code has sites), so that no rule code leaves the
sweep unseen.

Usage: check_mutation_sweep.py REPO
"""

import contextlib
import importlib.machinery
import importlib.util
import io
import os
import sys
import tempfile

SAMPLE = """struct Store {
    private var items: [Int] = []
    private let limit: Int
    private var marked: Set<Int> = []

    init(limit: Int) {
        self.limit = limit
        items.append(limit)
    }

    mutating func clear() {
        items.removeAll()
    }

    mutating func put(_ item: Int) {
        if item < limit { items.append(item) }
        items.removeAll { $0 == item }
        record(
            item
        )
    }

    mutating func choose(_ kind: Kind) {
        switch kind {
        case .first: items.append(1)
        }
    }

    func label(_ kind: Kind) -> String {
        switch kind {
        case .first: describe(1)
        }
    }

    func count() -> Int {
        items.count
    }

    func has(_ item: Int) -> Bool {
        items.contains(item) || marked.isDisjoint(with: [item])
    }

    func both(_ item: Int, _ other: Int) -> Bool {
        items.contains(item)
            && item == other
    }
}
"""

# (line, operator, the site's mutated line, stripped)
EXPECTED = [
    (8, "statement", "/* deleted */"),
    (12, "statement", "/* deleted */"),
    (16, "statement", "if item < limit { /* deleted */ }"),
    (17, "statement", "/* deleted */"),
    (18, "statement", "/* deleted to its closing bracket */"),
    (25, "statement", "case .first: /* deleted */"),
    (40, "negation", "items.contains(item) == false || marked.isDisjoint(with: [item])"),
    (40, "negation", "items.contains(item) || marked.isDisjoint(with: [item]) == false"),
]
# (line, operator) that must have no site
ABSENT = [(7, "statement"), (31, "statement"), (36, "statement"), (44, "statement"), (45, "statement")]
# The sample's declarations taken for rule code, and the lines their sites must be on: `put`'s body
# (not its signature), `has`'s, and the stored property `limit`, which has no value to mutate.
RULE_CODE = ["put", "has", "limit"]
RULE_CODE_LINES = set(range(16, 21)) | {40}


def load_sweep(repo):
    path = os.path.join(repo, "scripts", "mutation-sweep")
    loader = importlib.machinery.SourceFileLoader("mutation_sweep", path)
    spec = importlib.util.spec_from_loader("mutation_sweep", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def rewriting_keeps_code(sweep, line, site):
    """Whether the site's schema rewriting is the original line with only the switch added: `if
    !sweepOn(n) { ` and its ` }` around a statement, ` != sweepOn(n)` after a test."""
    rewritten = sweep.schema_line(line, [site])
    if site.kind == "test":
        return rewritten.replace(f" != sweepOn({site.number})", "", 1) == line
    opened = rewritten.replace(f"if !sweepOn({site.number}) {{ ", "", 1)
    if isinstance(site.data, int):
        return opened == line  # closed on the statement's last line
    return any(opened[:i] + opened[i + 2:] == line for i in range(len(opened)) if opened.startswith(" }", i))


def check_rule_code(sweep, repo, problems):
    """The rule-code part's selection, on the sample and on the repository; returns how many sites
    the repository's rule code has."""
    named = sweep.RULE_CODE
    with tempfile.TemporaryDirectory() as folder:
        sweep.REPO = folder
        os.makedirs(os.path.join(folder, "Sample"))
        with open(os.path.join(folder, "Sample", "Store.swift"), "w", encoding="utf-8") as file:
            file.write(SAMPLE)
        sweep.RULE_CODE = {"Sample/Store.swift": RULE_CODE}
        sites = sweep.scan(["Sample/Store.swift"])
        lines = {site.line for site in sites}
        if lines - RULE_CODE_LINES:
            problems.append(f"rule code: sites outside the named declarations, on lines {sorted(lines - RULE_CODE_LINES)}")
        if RULE_CODE_LINES - lines != {19, 20}:  # the arguments of a call over several lines have none
            problems.append(f"rule code: no site on lines {sorted(RULE_CODE_LINES - lines - {19, 20})}")
        sweep.RULE_CODE = {"Sample/Store.swift": ["gone"]}
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                sweep.scan(["Sample/Store.swift"])
            problems.append("rule code: a declaration the file lacks did not stop the sweep")
        except SystemExit:
            pass
    sweep.REPO, sweep.RULE_CODE = repo, named
    try:
        sites = sweep.scan(sorted(named))
    except SystemExit:
        problems.append("rule code: a declaration RULE_CODE names is missing from its file")
        return 0
    for path, names in named.items():
        if sweep.part_of(path) != "rule-code":
            problems.append(f"rule code: {path} is not in the rule-code part's module")
        with open(os.path.join(repo, path), encoding="utf-8") as file:
            lines = file.readlines()
        for name in names:
            if not sweep.declaration_lines(lines, name):
                problems.append(f"rule code: {path} declares no {name}")
    if not sites:
        problems.append("rule code: no site in the declarations RULE_CODE names")
    return len(sites)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    sweep = load_sweep(sys.argv[1])
    problems = []
    with tempfile.TemporaryDirectory() as folder:
        sweep.REPO = folder
        os.makedirs(os.path.join(folder, "Sample"))
        with open(os.path.join(folder, "Sample", "Store.swift"), "w", encoding="utf-8") as file:
            file.write(SAMPLE)
        sites = sweep.scan(["Sample/Store.swift"])
    found = {(site.line, site.operator, site.mutated.strip()) for site in sites}
    for expected in EXPECTED:
        if expected not in found:
            problems.append(f"no site {expected[1]} on line {expected[0]}: {expected[2]}")
    for line, operator in ABSENT:
        for site in sites:
            if (site.line, site.operator) == (line, operator):
                problems.append(f"an unwanted {operator} site on line {line}: {site.mutated.strip()}")
    lines = SAMPLE.splitlines(True)
    for site in sites:
        if site.kind in ("statement", "test") and not rewriting_keeps_code(sweep, lines[site.line - 1], site):
            problems.append(f"line {site.line}: the rewriting of its {site.operator} site changes the original code")
    selected = check_rule_code(sweep, sys.argv[1], problems)
    for problem in problems:
        print(f"check_mutation_sweep: {problem}", file=sys.stderr)
    print(f"check_mutation_sweep: {len(sites)} sites in the sample, {selected} of the rule code, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
