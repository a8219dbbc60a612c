"""Checks the core's promise: the `IAMSpec` product is the case model and the engine protocol, and
nothing else.

Usage: check_core.py DESCRIBE.json SOURCES [MAX_PUBLIC_TYPES]

DESCRIBE.json is `swift package describe --type json`; SOURCES is the core's folder
(`Sources/IAMSpec`); MAX_PUBLIC_TYPES defaults to 40. Fails (exit status 1, each problem as
`error: ...`) when:

- the targets the `IAMSpec` product is built from (its targets and every target they depend on)
  reach `CYAML`, `CIAMSpecSystem`, any other system library or C target, or any product of a
  package dependency: an engine adapter links the core alone, on any platform;
- a Swift file under SOURCES imports a module other than the Swift standard library's (`Swift`,
  `_Concurrency`, `_StringProcessing`): no Foundation, no Glibc or Darwin, no other iamspec module;
- the core declares more than MAX_PUBLIC_TYPES public types (struct, enum, class, protocol,
  actor; nested types included), so that it stays small enough to learn at once.

Prints the dependency closure, the modules imported and the public type count.
"""

import json
import os
import re
import sys

PRODUCT = "IAMSpec"
FORBIDDEN_TARGETS = {"CYAML", "CIAMSpecSystem"}
STANDARD_LIBRARY = {"Swift", "_Concurrency", "_StringProcessing"}

BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
LINE_COMMENT = re.compile(r"//[^\n]*")
STRING_LITERAL = re.compile(r'"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"')
IMPORT = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)
PUBLIC_TYPE = re.compile(
    r"(?:^|[\s;{])(?:public|open)\s+"
    r"(?:(?:final|indirect|nonisolated|@[\w.]+(?:\([^)]*\))?)\s+)*"
    r"(struct|enum|class|protocol|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"
)


def code_only(text):
    """The source without comments (doc comments included) and string literals."""
    text = BLOCK_COMMENT.sub(" ", text)
    text = STRING_LITERAL.sub('""', text)
    return LINE_COMMENT.sub("", text)


def dependency_problems(describe):
    """The product's target closure, and the problems in it."""
    targets = {target["name"]: target for target in describe["targets"]}
    products = {product["name"]: product for product in describe["products"]}
    if PRODUCT not in products:
        return [], [f"the package has no product {PRODUCT}"]
    problems = []
    closure = []
    pending = list(products[PRODUCT]["targets"])
    while pending:
        name = pending.pop(0)
        if name in closure:
            continue
        closure.append(name)
        target = targets.get(name)
        if target is None:
            problems.append(f"the product {PRODUCT} names the target {name}, which the package lacks")
            continue
        if name in FORBIDDEN_TARGETS or target.get("module_type") != "SwiftTarget":
            problems.append(
                f"the product {PRODUCT} reaches the target {name} ({target.get('module_type')}); "
                "expected Swift targets without system libraries or C"
            )
        for product in target.get("product_dependencies") or []:
            problems.append(
                f"the target {name} of the product {PRODUCT} depends on the product {product} "
                "of a package dependency; expected no package dependency"
            )
        pending += target.get("target_dependencies") or []
    return closure, problems


def swift_files(root):
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def source_problems(root):
    """The modules imported, the public types declared, and the forbidden imports."""
    imported = set()
    public_types = []
    problems = []
    for path in swift_files(root):
        with open(path, encoding="utf-8") as source:
            text = source.read()
        code = code_only(text)
        for match in IMPORT.finditer(code):
            module = match.group(1)
            imported.add(module)
            if module not in STANDARD_LIBRARY:
                line = code.count("\n", 0, match.start(1)) + 1
                problems.append(
                    f"{path}:{line}: imports {module}; expected only the Swift standard library "
                    f"({', '.join(sorted(STANDARD_LIBRARY))})"
                )
        public_types += [(path, match.group(1), match.group(2)) for match in PUBLIC_TYPE.finditer(code)]
    return imported, public_types, problems


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as stream:
        describe = json.load(stream)
    root = sys.argv[2]
    limit = int(sys.argv[3]) if len(sys.argv) == 4 else 40
    if not os.path.isdir(root):
        sys.exit(f"error: {root} is not a folder")

    closure, problems = dependency_problems(describe)
    imported, public_types, import_problems = source_problems(root)
    problems += import_problems
    if not public_types:
        problems.append(f"found no public type under {root}; expected the case model and the engine protocol")
    if len(public_types) > limit:
        problems.append(
            f"the core declares {len(public_types)} public types, more than {limit}: keep engine "
            "authors' API small (put runner, report and tool types in their own modules)"
        )

    print(f"product {PRODUCT} is built from: {', '.join(closure)}")
    print(f"modules imported under {root}: {', '.join(sorted(imported)) or 'none'}")
    print(f"public types in the core: {len(public_types)} (at most {limit})")
    if len(public_types) > limit:
        for path, kind, name in public_types:
            print(f"  {path}: {kind} {name}")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
