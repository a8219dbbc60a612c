#!/usr/bin/env python3
"""Every iamspec pin the docs and recipes name resolves in this repository and holds what the
document around it names.

Usage: check_pins.py REPO

A pin is a full commit id (40 hex digits, not after `@`: an action's commit) written in README.md, docs/*.md, the DocC catalogs
(Sources/**/Documentation.docc), Examples/ToyEngine, Examples/ci and the Kits' READMEs. Each must
be a commit of REPO (`git cat-file -e ID^{commit}`), and at that commit:
- every product a document names (`.product(name: "X", package: "iamspec")`, `product: "X"`, or a
  product of today's Package.swift in backquotes or after `import`) is a product of Package.swift;
- every repository path it names in backquotes or a link (`Kits/python/iamspec_pytest.py`,
  `Sources/IAMSpecBundledSpecs`) exists;
- every `iamspec SUBCOMMAND` it names is a subcommand of that commit's tool.
Nothing is read from main in their place. In a shallow clone, where the commits before the
graft are missing, the check says so and exits 77 (skipped). Exit 1, with each problem on a line
`FILE:LINE: pin ID: what is missing`, when a pin lacks what its document names.
"""
import glob
import os
import re
import subprocess
import sys

# An id after `@` is another repository's commit (a GitHub action the recipe pins: `uses:
# actions/checkout@ID`), which check_ci_recipes.py checks the form of; it is no pin of iamspec.
PIN = re.compile(r"(?<![0-9a-f@])[0-9a-f]{40}(?![0-9a-f])")
PRODUCT = re.compile(r'(?:\.product\(\s*name:\s*|\bproduct:\s*)"([A-Za-z][A-Za-z0-9]*)"')
PATH = re.compile(r"(?:`|\]\()((?:Sources|Kits|Examples|Specs|scripts)/[A-Za-z0-9_./-]+?)/?(?:`|\)|#)")
COMMAND = re.compile(r"`iamspec ([a-z][a-z-]+)\b")
NAME = re.compile(r"(?:`|\bimport )([A-Z][A-Za-z0-9]*)\b")


def git(repo, *arguments):
    return subprocess.run(["git", "-C", repo, *arguments], capture_output=True, text=True)


def documents(repo):
    """The documents and recipes that may pin a release: files the repository tracks, never what a
    build leaves beside them (Examples/ToyEngine's Package.resolved, written by its own `swift
    test`, pins its dependencies' commits, not iamspec's)."""
    patterns = ["README.md", "docs/*.md", "Sources/**/Documentation.docc/**/*.md", "Examples/ToyEngine/**/*",
                "Examples/ci/*", "Kits/*/README.md"]
    tracked = set(git(repo, "ls-files", "-z").stdout.split("\0"))
    found = set()
    for pattern in patterns:
        for path in glob.glob(os.path.join(repo, pattern), recursive=True):
            relative = os.path.relpath(path, repo)
            if os.path.isfile(path) and relative in tracked:
                found.add(relative)
    return sorted(found)


def products_at(repo, commit):
    manifest = git(repo, "show", f"{commit}:Package.swift").stdout
    return set(re.findall(r'\.(?:library|executable)\(\s*name:\s*"([^"]+)"', manifest))


def subcommands_at(repo, commit):
    names = set()
    listing = git(repo, "ls-tree", "-r", "--name-only", commit, "Sources/iamspec").stdout.split()
    for path in listing:
        text = git(repo, "show", f"{commit}:{path}").stdout
        names.update(re.findall(r'commandName:\s*"([a-z-]+)"', text))
    return names


def main():
    repo = os.path.abspath(sys.argv[1])
    shallow = git(repo, "rev-parse", "--is-shallow-repository").stdout.strip() == "true"
    problems, pins = [], {}
    for document in documents(repo):
        try:
            with open(os.path.join(repo, document), encoding="utf-8") as stream:
                text = stream.read()
        except UnicodeDecodeError:
            continue
        for match in PIN.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            pins.setdefault(match.group(0), []).append((document, line, text))
    current = set(re.findall(r'\.(?:library|executable)\(\s*name:\s*"([^"]+)"',
                             open(os.path.join(repo, "Package.swift"), encoding="utf-8").read()))
    missing = [pin for pin in pins if git(repo, "cat-file", "-e", f"{pin}^{{commit}}").returncode != 0]
    if missing and shallow:
        print(f"a shallow clone: {len(missing)} pinned commit(s) not in it ({', '.join(sorted(missing))}); "
              "the pins were not checked (git fetch --unshallow)")
        return 77
    for pin, places in sorted(pins.items()):
        if pin in missing:
            for document, line, _ in places:
                problems.append(f"{document}:{line}: pin {pin}: no such commit in this repository")
            continue
        products = products_at(repo, pin)
        commands = subcommands_at(repo, pin)
        for document, line, text in places:
            named = set(PRODUCT.findall(text)) | {name for name in NAME.findall(text) if name in current}
            for product in sorted(named):
                if product not in products:
                    problems.append(f"{document}:{line}: pin {pin}: the document names product '{product}', "
                                    f"which Package.swift at the pin lacks (it has {', '.join(sorted(products))})")
            folder = os.path.dirname(document)
            for path in sorted(set(PATH.findall(text))):
                # A document of an example names the example's own files from its folder.
                if folder.startswith("Examples/") and os.path.exists(os.path.join(repo, folder, path)):
                    continue
                if git(repo, "cat-file", "-e", f"{pin}:{path}").returncode != 0:
                    problems.append(f"{document}:{line}: pin {pin}: the document names '{path}', which the pin lacks")
            for command in sorted(set(COMMAND.findall(text))):
                if command not in commands:
                    problems.append(f"{document}:{line}: pin {pin}: the document names `iamspec {command}`, "
                                    "which the tool at the pin lacks")
    for problem in problems:
        print(problem)
    places = sum(len(found) for found in pins.values())
    print(f"{len(pins)} pin(s) at {places} place(s): {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
