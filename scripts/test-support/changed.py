"""What a change reaches, for `scripts/test --fast`: which stages it selects, which unit tests and
which mutants.

The change is every file that differs from BASE (a commit) in the working tree: committed since
BASE, staged, unstaged, and new files git does not ignore. A stage of the fast path's selected list
runs when a changed file is under one of its paths; `swift test` runs the test targets whose
dependency closure (Package.swift's, from `swift package describe --type json`) holds a changed
target, every test target when Package.swift changed (the end-to-end target also when any target
its `iamspec` executable links changed), and the suites of the test files that name a changed file of Specs
or Fixtures (or its folder); `iamspec mutate` runs the mutants of the rules the changed
case files name (their `rules:`), and every mutant when the catalogue or the reference engine
changed.

Usage:
  changed.py files BASE                       the changed files, one a line
  changed.py selects BASE PATH...             exit 0 when a changed file is under a PATH, else 1
  changed.py test-filter BASE DESCRIBE.json   a `swift test --filter` expression, or nothing
  changed.py mutants BASE MUTANTS.tsv         the mutants to run (`all`, ids one a line, or nothing)
MUTANTS.tsv is `iamspec mutate --list`'s output (id, rule, description).
"""

import json
import os
import re
import subprocess
import sys

# Sources whose change can move any mutant's verdict: the catalogue itself and the search that
# tells a killed mutant apart (the explanation), the analysis, the engine it mutates.
ALL_MUTANTS = (
    "Sources/IAMSpecExplanation/",
    "Sources/IAMSpecMutants/",
    "Sources/IAMSpecReferenceEngine/",
    "Sources/IAMSpec/",
)
RULES_LINE = re.compile(r"^\s*rules:\s*\[([^\]]*)\]", re.MULTILINE)
SUITE = re.compile(r"^(?:@Suite[^\n]*\n)?(?:final )?(?:struct|class) ([A-Za-z0-9_]+)", re.MULTILINE)
RULES_ITEM = re.compile(r"^\s*-\s*([a-z0-9][a-z0-9.-]*)\s*$")


def git(*arguments):
    return subprocess.run(["git", *arguments], check=True, text=True, stdout=subprocess.PIPE).stdout


def changed_files(base):
    files = set(git("diff", "--name-only", base, "--").split("\n"))
    files |= set(git("ls-files", "--others", "--exclude-standard").split("\n"))
    return sorted(name for name in files if name)


def under(name, path):
    return name == path.rstrip("/") or name.startswith(path.rstrip("/") + "/")


def test_filter(files, describe):
    package = json.load(open(describe))
    targets = {target["name"]: target for target in package["targets"]}
    # A changed test file with suites of its own reaches those suites alone; any other file of a
    # test target (a support file, a deleted file) reaches the whole target.
    suites = []
    changed = set()
    for name, target in targets.items():
        for f in files:
            if not under(f, target["path"]):
                continue
            if target.get("type") == "test" and f.endswith(".swift") and os.path.isfile(f):
                text = open(f, encoding="utf-8").read()
                own = SUITE.findall(text)
                if own and "@Test" in text:
                    suites += [f"^{name}\\.{suite}/" for suite in own]
                    continue
            changed.add(name)
    if "Package.swift" in files:
        changed |= set(targets)

    def closure(name, seen):
        for dependency in targets.get(name, {}).get("target_dependencies", []):
            if dependency not in seen:
                seen.add(dependency)
                closure(dependency, seen)
        return seen

    # Data the tests read (Specs, Fixtures): a test file's suites reach a changed file when the
    # test file names it or its folder. The tests that read every file of a folder they do not
    # name are the full run's.
    data = [f for f in files if f.startswith(("Specs/", "Fixtures/"))]
    for name, target in sorted(targets.items()):
        if target.get("type") != "test" or not data:
            continue
        for source in target["sources"]:
            text = open(f"{target['path']}/{source}", encoding="utf-8").read()
            if any(f in text or f.rsplit("/", 1)[0] + "/" in text for f in data):
                suites += [f"^{name}\\.{suite}/" for suite in SUITE.findall(text)]
    executable = closure("iamspec", {"iamspec"})
    chosen = []
    for name, target in sorted(targets.items()):
        if target.get("type") != "test":
            continue
        reach = closure(name, {name})
        if name == "iamspecEndToEndTests":
            reach |= executable
        if reach & changed:
            chosen.append(name)
    suites = sorted({suite for suite in suites if suite.split("\\.", 1)[0][1:] not in chosen})
    return "|".join([f"^{name}\\." for name in chosen] + suites)


def rules_of(text):
    rules = set()
    for match in RULES_LINE.finditer(text):
        rules |= {item.strip().strip("'\"") for item in match.group(1).split(",") if item.strip()}
    in_list = False
    for line in text.split("\n"):
        if re.match(r"^\s*rules:\s*$", line):
            in_list = True
            continue
        item = RULES_ITEM.match(line)
        if in_list and item:
            rules.add(item.group(1))
        else:
            in_list = False
    return rules


def mutants(files, listing):
    if any(under(f, path) for f in files for path in ALL_MUTANTS):
        return ["all"]
    rules = set()
    for name in files:
        if name.startswith("Specs/") and name.endswith(".yaml") and name.count("/") >= 2:
            try:
                rules |= rules_of(open(name, encoding="utf-8").read())
            except OSError:  # a deleted case file: its mutants are found by the rules left
                continue
    chosen = []
    for line in open(listing, encoding="utf-8"):
        fields = line.rstrip("\n").split("\t")
        if len(fields) >= 2 and fields[1] in rules:
            chosen.append(fields[0])
    return chosen


def main(arguments):
    if len(arguments) < 2:
        sys.stderr.write(__doc__)
        return 2
    command, base = arguments[0], arguments[1]
    files = changed_files(base)
    if command == "files":
        for name in files:
            print(name)
    elif command == "selects":
        return 0 if any(under(f, path) for f in files for path in arguments[2:]) else 1
    elif command == "test-filter":
        print(test_filter(files, arguments[2]))
    elif command == "mutants":
        for mutant in mutants(files, arguments[2]):
            print(mutant)
    else:
        sys.stderr.write(f"changed.py: unknown command {command!r}\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
