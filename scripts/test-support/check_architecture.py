#!/usr/bin/env python3
"""Every file and Swift symbol ARCHITECTURE.md names in backquotes exists.

ARCHITECTURE.md is the map a newcomer reads first; a name in it that is gone sends them looking
for nothing. This reads every backquoted span of it and checks:
- a path (`Sources/IAMSpec/Steps/`, `scripts/test`) exists in the repository; a file name alone
  (`CaseSyntax+Steps.swift`) is the name of a file somewhere in it; a path out of the repository
  (`../shared/seeds`) names what may or may not be beside a clone, and is left alone;
- a Swift type (`StimulusKind`, `StimulusKind.Argument`) is declared under Sources/ or Tests/;
- a member (`Stimulus.parts`, `ProtocolVersion.carries(_:)`, `describe(_:)`) is declared there,
  and, when it is written `Type.member`, in a file that declares or extends the type.
Other spans (case keys such as `change_user: USER`, commands, flags, values) are not code names
and are left alone. Usage: check_architecture.py REPOSITORY. Prints `ARCHITECTURE.md:line:col:
error: ...` for each name that is missing, and exits 1 when there is one.
"""

import functools
import os
import re
import sys

TYPE = re.compile(r"^[A-Z][A-Za-z0-9]*(\.[A-Z][A-Za-z0-9]*)*$")
MEMBER = re.compile(r"^(?:([A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)*)\.)?([a-z][A-Za-z0-9]*)(\([A-Za-z_:]*\))?$")
# Names from the toolchain and the dependencies, which ARCHITECTURE.md mentions beside ours.
EXTERNAL = {
    "String", "Mirror", "Mutex", "Sendable", "NSCondition", "DispatchQueue", "ParsableCommand",
    "InMemoryLogging", "LogHandler",
    # The toolchain's and the dependencies' modules, which the module table names.
    "Foundation", "FoundationEssentials", "FoundationXML", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin", "Testing",
    "XCTest", "ArgumentParser", "Bundle",
}
# Members the compiler writes for a type: `Capability.allCases`.
SYNTHESIZED = {"allCases", "rawValue", "init"}
FILE = re.compile(r"^[A-Za-z0-9_.+/-]+\.(swift|md|json|jsonl|py|mjs|java|kt|yaml|yml|sh|xsd|c|h)$")


def swift_sources(root):
    for top in ("Sources", "Tests"):
        for folder, _, files in os.walk(os.path.join(root, top)):
            for file in files:
                if file.endswith(".swift"):
                    path = os.path.join(folder, file)
                    yield path, open(path, encoding="utf-8").read()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_architecture.py REPOSITORY")
    root = sys.argv[1]
    sources = list(swift_sources(root))
    file_names = set()
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        file_names.update(files)

    declared_types = {
        name
        for _, text in sources
        for name in re.findall(r"\b(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)", text)
    }

    def declares_type(name):
        return name in declared_types

    @functools.cache
    def declares_member(owner, name, labels):
        declaration = re.compile(
            r"(\b(func|var|let|case|init)\s+|\bcase\s+[^\n]*,\s*)`?" + re.escape(name) + r"\b"
        )
        owner_pattern = (
            re.compile(r"\b(struct|enum|class|protocol|actor|extension)\s+(\w+\.)*" + re.escape(owner) + r"\b")
            if owner
            else None
        )
        for _, text in sources:
            if owner_pattern and not owner_pattern.search(text):
                continue
            if declaration.search(text):
                return True
        return False

    relative_paths = set()
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        relative = os.path.relpath(folder, root)
        parts = [] if relative == "." else relative.split(os.sep)
        for name in files + dirs:
            for start in range(len(parts) + 1):
                relative_paths.add("/".join(parts[start:] + [name]))
    package = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()
    modules = set(re.findall(r'name:\s*"(\w+)"', package))
    top_folders = {d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))}

    def known(name):
        return name in modules or name in EXTERNAL or name in top_folders or declares_type(name)

    problems = 0
    text = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
    for match in re.finditer(r"`([^`\n]+)`", text):
        span = match.group(1).strip()
        missing = None
        if "/" in span and " " not in span and not span.startswith("-") and not span.startswith("http"):
            path = span.split(":")[0].rstrip("/")
            if not re.match(r"^[A-Za-z0-9_.+/<>*-]+$", path) or "<" in path or "*" in path:
                continue
            if path.startswith("../"):
                continue
            if not os.path.exists(os.path.join(root, path)) and path not in relative_paths:
                missing = "no such file or folder"
        elif FILE.match(span):
            if span not in file_names:
                missing = "no file of that name"
        elif TYPE.match(span):
            if not known(span.split(".")[0]) or (span.split(".")[0] not in EXTERNAL and not known(span.split(".")[-1])):
                missing = "no such module, folder or type under Sources/ or Tests/"
        else:
            member = MEMBER.match(span)
            if member and (member.group(1) or member.group(3)):
                owner = member.group(1).split(".")[-1] if member.group(1) else None
                if owner in EXTERNAL or member.group(2) in SYNTHESIZED and owner and known(owner):
                    continue
                if owner and not known(owner):
                    missing = "no such type under Sources/ or Tests/"
                elif not declares_member(owner, member.group(2), member.group(3)):
                    missing = "no such member" + (f" of {owner}" if owner else "")
        if missing:
            line = text.count("\n", 0, match.start()) + 1
            column = match.start() - (text.rfind("\n", 0, match.start()) + 1) + 1
            print(f"ARCHITECTURE.md:{line}:{column}: error: found `{span}`, which names {missing}; "
                  "expected a name that exists (or the span rewritten)")
            problems += 1
    if problems:
        sys.exit(1)
    print("every file and Swift name ARCHITECTURE.md quotes exists")


if __name__ == "__main__":
    main()
