"""Checks the core's promise: the `IAMSpec` product is the case model and the engine protocol, and
nothing else; and the portable product's: `IAMSpecPortable` imports the core and Foundation alone.

Usage: check_core.py DESCRIBE.json SOURCES [MAX_PUBLIC_TYPES]
       check_core.py --product NAME --imports MODULE,... DESCRIBE.json SOURCES

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

With --product, the product NAME is checked instead of the core: its target closure must be its
own target and the iamspec targets among the MODULEs (no C, no system library, no other iamspec
module, no package dependency), and its Swift files may import only the MODULEs and the standard
library; public types are not counted. `IAMSpecPortable` is checked so with
`--imports IAMSpec,Foundation,FoundationEssentials,Dispatch` (Foundation re-exports Dispatch on
Apple platforms; FoundationEssentials does not): no CYAML, no IAMSpecPlatform (Glibc,
Darwin), no IAMSpecRunner, so that it builds in an app's test bundle.

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


def dependency_problems(describe, product_name=PRODUCT, allowed_targets=None):
    """The product's target closure, and the problems in it; with `allowed_targets`, any other
    target in the closure is a problem too."""
    targets = {target["name"]: target for target in describe["targets"]}
    products = {product["name"]: product for product in describe["products"]}
    if product_name not in products:
        return [], [f"the package has no product {product_name}"]
    problems = []
    closure = []
    pending = list(products[product_name]["targets"])
    while pending:
        name = pending.pop(0)
        if name in closure:
            continue
        closure.append(name)
        target = targets.get(name)
        if target is None:
            problems.append(f"the product {product_name} names the target {name}, which the package lacks")
            continue
        if allowed_targets is not None and name not in allowed_targets:
            problems.append(
                f"the product {product_name} reaches the target {name}; expected only "
                f"{', '.join(sorted(allowed_targets))}"
            )
        if name in FORBIDDEN_TARGETS or target.get("module_type") != "SwiftTarget":
            problems.append(
                f"the product {product_name} reaches the target {name} ({target.get('module_type')}); "
                "expected Swift targets without system libraries or C"
            )
        for product in target.get("product_dependencies") or []:
            problems.append(
                f"the target {name} of the product {product_name} depends on the product {product} "
                "of a package dependency; expected no package dependency"
            )
        pending += target.get("target_dependencies") or []
    return closure, problems


def swift_files(root):
    for folder, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def source_problems(root, allowed_imports=STANDARD_LIBRARY):
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
            if module not in allowed_imports:
                line = code.count("\n", 0, match.start(1)) + 1
                problems.append(
                    f"{path}:{line}: imports {module}; expected only "
                    + ("the Swift standard library " if allowed_imports == STANDARD_LIBRARY else "")
                    + f"({', '.join(sorted(allowed_imports))})"
                )
        public_types += [(path, match.group(1), match.group(2)) for match in PUBLIC_TYPE.finditer(code)]
    return imported, public_types, problems


def check_product(arguments):
    """--product NAME --imports MODULE,... DESCRIBE.json SOURCES."""
    if len(arguments) != 6 or arguments[0] != "--product" or arguments[2] != "--imports":
        sys.exit(__doc__)
    product, modules, describe_path, root = arguments[1], arguments[3].split(","), arguments[4], arguments[5]
    with open(describe_path, encoding="utf-8") as stream:
        describe = json.load(stream)
    if not os.path.isdir(root):
        sys.exit(f"error: {root} is not a folder")
    target_names = {target["name"] for target in describe["targets"]}
    allowed_targets = {product} | {module for module in modules if module in target_names}
    closure, problems = dependency_problems(describe, product, allowed_targets)
    imported, _, import_problems = source_problems(root, STANDARD_LIBRARY | set(modules))
    problems += import_problems
    print(f"product {product} is built from: {', '.join(closure)}")
    print(f"modules imported under {root}: {', '.join(sorted(imported)) or 'none'}")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--product":
        check_product(sys.argv[1:])
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
