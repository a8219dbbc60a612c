#!/usr/bin/env python3
"""Every target of Package.swift imports and depends on only what ARCHITECTURE.md's table says it
may, ARCHITECTURE.md's list of modules is Package.swift's, and the built tool links no library
ARCHITECTURE.md says it must not load.

Usage: check_module_imports.py REPOSITORY DESCRIBE.json
       check_module_imports.py --libraries TOOL REPOSITORY
       check_module_imports.py --self-test

DESCRIBE.json is `swift package describe --type json`: the targets of Package.swift, each with its
folder and the targets and products it depends on.

The table is the one under "### What each module may import" in REPOSITORY/ARCHITECTURE.md: a row
per module, `| \\`Module\\` | may import | may not import, and why |`. What a module may import is
every backquoted name in its second cell outside parentheses (the parentheses say why, and may
name anything); the Swift standard library (`Swift`, `_Concurrency`, `_StringProcessing`) is
always allowed. For each target of Package.swift but the tests:

- its dependencies in Package.swift (targets, and products of package dependencies) must be
  allowed: a dependency links the module into every client, imported or not (a C target's
  `.preinit_array` runs in every process that links it);
- each `import` of each Swift file in its folder (comments and string literals left out;
  `@_exported`, `public`, `package` and `#if` branches alike) must be allowed;
- a Swift target with no row is a problem, and so is a C or system-library target with a
  dependency and no row; a row naming no target of Package.swift is a problem.

The row `| test targets | ... |` says what every test target may import besides the modules its
target depends on in Package.swift and what those re-export (`@_exported import`, followed): a test
that imports a module it does not name builds only by the build order's chance.

ARCHITECTURE.md's table under "## Modules" (`| \\`Module\\` | product | for | folder |`) must hold
a row for every target but the tests, and only for them: its product cell begins `library` or
`executable` when Package.swift has a product of that kind holding the target, `none` when none
holds it, and its folder is the target's.

With --libraries, the shared libraries TOOL (the built `iamspec`) loads (its `NEEDED` entries, and
theirs, found through its RUNPATH, as `readelf -d` lists them: nothing is run) must include none
of the `lib*.so` names that section of ARCHITECTURE.md quotes (`libFoundation.so`, ...): the tool
loads FoundationEssentials alone.

Prints each problem as `path:line: error: ...` and exits 1 when there is one. --self-test checks
that the checks fail on a violating import, a violating dependency, a test's import of a module
its target does not name, a module missing from either table, and a forbidden library, and pass
otherwise.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

STANDARD_LIBRARY = {"Swift", "_Concurrency", "_StringProcessing"}
SECTION = "### What each module may import"
MODULES_SECTION = "## Modules"
TEST_TARGETS_ROW = "test targets"
BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
LINE_COMMENT = re.compile(r"//[^\n]*")
STRING_LITERAL = re.compile(r'"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"')
IMPORT = re.compile(
    r"^[ \t]*((?:@[\w.]+(?:\([^)]*\))?\s+)*)"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)
ROW = re.compile(r"^\|\s*(`[A-Za-z_][A-Za-z0-9_]*`|[^|`\n]+?)\s*\|([^|\n]*)\|", re.MULTILINE)


def section(text, heading=SECTION):
    """The text under a heading, to the next heading."""
    start = text.find(heading + "\n")
    if start < 0:
        return None
    end = text.find("\n#", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


def without_parentheses(cell):
    """The cell with every parenthesized part (nested ones too) left out."""
    depth, kept = 0, []
    for character in cell:
        if character == "(":
            depth += 1
        elif character == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            kept.append(character)
    return "".join(kept)


def table_rows(architecture, heading):
    """{first cell, backquotes removed: (second cell, line of the row)} of the tables under a
    heading, header and rule rows left out."""
    text = section(architecture, heading)
    if text is None:
        return None
    offset = architecture.find(heading + "\n")
    rows = {}
    for match in ROW.finditer(text):
        first = match.group(1).strip("`")
        if first in ("module", "") or set(first) <= set("-: "):
            continue
        rows[first] = (match.group(2).strip(), architecture.count("\n", 0, offset + match.start()) + 1)
    return rows


def allowed_imports(architecture):
    """{module: (allowed modules, line of its row)} from the table, the test targets' row under
    TEST_TARGETS_ROW."""
    rows = table_rows(architecture, SECTION)
    if rows is None:
        return None
    return {
        module: (set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", without_parentheses(cell))), line)
        for module, (cell, line) in rows.items()
    }


def forbidden_libraries(architecture):
    """The `lib*.so` names the section quotes: libraries the tool must not load."""
    text = section(architecture) or ""
    return set(re.findall(r"`(lib[A-Za-z0-9_+-]*\.so)`", text))


def code_only(text):
    """The source without comments and string literals, its lines kept."""
    keep_lines = lambda match: "\n" * match.group(0).count("\n")  # noqa: E731
    text = BLOCK_COMMENT.sub(keep_lines, text)
    text = STRING_LITERAL.sub(keep_lines, text)
    return LINE_COMMENT.sub("", text)


def swift_imports(root, folder):
    """[(path relative to root, line, module imported, re-exported)] of the Swift files in a folder."""
    found = []
    for directory, _, names in sorted(os.walk(os.path.join(root, folder))):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            code = code_only(open(path, encoding="utf-8").read())
            for match in IMPORT.finditer(code):
                line = code.count("\n", 0, match.start(2)) + 1
                found.append((os.path.relpath(path, root), line, match.group(2), "@_exported" in match.group(1)))
    return found


def dependencies(target):
    """The targets and package products a target of `swift package describe` depends on."""
    return (target.get("target_dependencies") or []) + (target.get("product_dependencies") or [])


def listed(names):
    return ", ".join(sorted(names)) or "the Swift standard library"


def import_problems(root, describe):
    """The problems of the targets' dependencies and imports against ARCHITECTURE.md's table."""
    architecture = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
    rows = allowed_imports(architecture)
    if not rows:
        return [f"ARCHITECTURE.md:1: error: found no table under \"{SECTION}\"; expected a row per module"]
    targets = {target["name"]: target for target in describe["targets"]}
    imports = {name: swift_imports(root, target["path"]) for name, target in targets.items()}
    problems = []
    for name, target in sorted(targets.items()):
        if target["type"] == "test":
            continue
        if name not in rows:
            if target.get("module_type") == "SwiftTarget" or dependencies(target):
                problems.append(
                    f"ARCHITECTURE.md:1: error: found no row for {name} ({target['path']}) in the table under "
                    f"\"{SECTION}\"; expected one saying what it may import"
                )
            continue
        allowed, line = rows[name]
        for dependency in dependencies(target):
            if dependency not in allowed:
                problems.append(
                    f"Package.swift:1: error: the target {name} depends on {dependency}; expected only "
                    f"{listed(allowed)} (ARCHITECTURE.md:{line})"
                )
        for path, number, module, _ in imports[name]:
            if module not in allowed | STANDARD_LIBRARY:
                problems.append(
                    f"{path}:{number}: error: {name} imports {module}; expected only {listed(allowed)} "
                    f"(ARCHITECTURE.md:{line})"
                )
    problems += test_problems(targets, imports, rows)
    for module, (_, line) in sorted(rows.items()):
        if module != TEST_TARGETS_ROW and (module not in targets or targets[module]["type"] == "test"):
            problems.append(
                f"ARCHITECTURE.md:{line}: error: found a row for {module}; expected a target of Package.swift"
            )
    return problems


def test_problems(targets, imports, rows):
    """A test target imports the modules its target names, what they re-export, and the test row's."""
    tests = sorted(name for name, target in targets.items() if target["type"] == "test")
    if not tests:
        return []
    if TEST_TARGETS_ROW not in rows:
        return [f"ARCHITECTURE.md:1: error: found no row \"{TEST_TARGETS_ROW}\" under \"{SECTION}\"; expected one"]
    common, line = rows[TEST_TARGETS_ROW]
    exported = {name: {module for _, _, module, re_exported in found if re_exported} for name, found in imports.items()}
    problems = []
    for name in tests:
        reachable, pending = set(), list(dependencies(targets[name]))
        while pending:
            module = pending.pop()
            if module not in reachable:
                reachable.add(module)
                pending += exported.get(module, set())
        for path, number, module, _ in imports[name]:
            if module not in reachable | common | STANDARD_LIBRARY:
                problems.append(
                    f"{path}:{number}: error: the test target {name} imports {module}, which its target in "
                    f"Package.swift does not depend on; expected one of {listed(reachable | common)} "
                    f"(ARCHITECTURE.md:{line})"
                )
    return problems


def module_list_problems(root, describe):
    """ARCHITECTURE.md's table of modules against Package.swift's targets and products."""
    architecture = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
    rows = table_rows(architecture, MODULES_SECTION)
    if not rows:
        return [f"ARCHITECTURE.md:1: error: found no table under \"{MODULES_SECTION}\"; expected a row per module"]
    folders = {}
    for module, (_, line) in rows.items():
        match = re.search(r"^\|[^|\n]*\|[^|\n]*\|[^\n]*\|\s*`([^`]+)`\s*\|\s*$", architecture.splitlines()[line - 1])
        folders[module] = match.group(1).rstrip("/") if match else None
    kinds = {}
    for product in describe["products"]:
        kind = "executable" if "executable" in product["type"] else "library" if "library" in product["type"] else None
        for target in product["targets"]:
            kinds.setdefault(target, set()).add(kind)
    problems = []
    targets = {target["name"]: target for target in describe["targets"] if target["type"] != "test"}
    for name, target in sorted(targets.items()):
        if name not in rows:
            problems.append(
                f"ARCHITECTURE.md:1: error: found no row for {name} ({target['path']}) in the table under "
                f"\"{MODULES_SECTION}\"; expected one"
            )
            continue
        cell, line = rows[name]
        expected = "/".join(sorted(kinds.get(name, set()))) or "none"
        if cell.split(" ")[0] != expected:
            problems.append(
                f"ARCHITECTURE.md:{line}: error: the product of {name} is \"{cell}\"; expected \"{expected}...\", "
                "as Package.swift's products say"
            )
        if folders[name] != target["path"]:
            problems.append(
                f"ARCHITECTURE.md:{line}: error: the folder of {name} is {folders[name]}; expected {target['path']}/"
            )
    for module, (_, line) in sorted(rows.items()):
        if module not in targets:
            problems.append(
                f"ARCHITECTURE.md:{line}: error: found a row for {module} under \"{MODULES_SECTION}\"; "
                "expected a target of Package.swift"
            )
    return problems


def dynamic_section(path):
    """(NEEDED names, RUNPATH folders) of an ELF file, as `readelf -d` lists them."""
    output = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", output)
    paths = []
    for entry in re.findall(r"\((?:RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[([^\]]+)\]", output):
        paths += [part.replace("$ORIGIN", os.path.dirname(os.path.realpath(path))) for part in entry.split(":")]
    return needed, paths


SYSTEM_FOLDERS = ["/lib", "/usr/lib", "/lib64", "/usr/lib64", "/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
                  "/lib/aarch64-linux-gnu", "/usr/lib/aarch64-linux-gnu"]


def loaded_libraries(tool):
    """Every library the tool loads: its NEEDED entries and theirs, each found through the RUNPATH
    of the file naming it, else the system's folders (one not found is listed, not followed)."""
    seen = {}
    pending = [tool]
    while pending:
        needed, folders = dynamic_section(pending.pop())
        for name in needed:
            if name in seen:
                continue
            places = (os.path.join(folder, name) for folder in folders + SYSTEM_FOLDERS)
            found = next((place for place in places if os.path.exists(place)), None)
            seen[name] = found
            if found:
                pending.append(found)
    return seen


def library_problems(tool, forbidden):
    """The forbidden libraries the tool loads."""
    loaded = loaded_libraries(tool)
    return [
        f"{tool}: error: loads {name}" + (f" ({loaded[name]})" if loaded[name] else "")
        + "; expected none of " + ", ".join(sorted(forbidden))
        + " (ARCHITECTURE.md, \"What each module may import\": the tool loads FoundationEssentials alone)"
        for name in sorted(loaded)
        if any(name == library or name.startswith(library + ".") for library in forbidden)
    ]


SELF_TEST_ARCHITECTURE = f"""# A

{MODULES_SECTION}

| module | product | for | folder |
|---|---|---|---|
| `Core` | library | adapters | `Sources/Core/` |
| `Tool` | executable | users | `Sources/Tool/` |
| `IAMSpecPlatform` | none (a target) | the platform | `Sources/IAMSpecPlatform/` |
| `CStart` | none (C target) | the tool's first instructions | `Sources/CStart/` |

{SECTION}

| module | may import | may not import, and why |
|---|---|---|
| `Core` | the Swift standard library only (not `Foundation`) | Anything else. |
| `Tool` | `Core`, `IAMSpecPlatform` (`Foundation` through it), `Dispatch`, `CStart` | Foundation itself. |
| `IAMSpecPlatform` | `FoundationEssentials` | Anything of ours. |
| {TEST_TARGETS_ROW} | what their target depends on, `Testing` | Nothing else. |

So the tool does not load `libFoundation.so`.
"""


def self_test_tree(root):
    """A package of the self-test's ARCHITECTURE.md that breaks none of its rules, and its description."""
    sources = {
        "Sources/Core/Model.swift": "// import Foundation, in a comment\nlet text = \"import Foundation\"\n",
        "Sources/Tool/Main.swift": "import Core\n@preconcurrency import Dispatch\npackage import IAMSpecPlatform\n",
        "Sources/IAMSpecPlatform/Platform.swift": "@_exported import FoundationEssentials\n",
        "Sources/CStart/start.c": "void start(void) {}\n",
        "Tests/ToolTests/ToolTests.swift": "import Testing\nimport IAMSpecPlatform\nimport FoundationEssentials\n",
    }
    with open(os.path.join(root, "ARCHITECTURE.md"), "w", encoding="utf-8") as file:
        file.write(SELF_TEST_ARCHITECTURE)
    for path, text in sources.items():
        os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
        with open(os.path.join(root, path), "w", encoding="utf-8") as file:
            file.write(text)

    def target(name, kind, depends=(), folder="Sources", module_type="SwiftTarget"):
        return {"name": name, "type": kind, "path": f"{folder}/{name}", "module_type": module_type,
                "target_dependencies": list(depends) or None}

    return {
        "targets": [
            target("Core", "library"),
            target("Tool", "executable", ["Core", "IAMSpecPlatform", "CStart"]),
            target("IAMSpecPlatform", "library"),
            target("CStart", "library", module_type="ClangTarget"),
            target("ToolTests", "test", ["IAMSpecPlatform"], folder="Tests"),
        ],
        "products": [
            {"name": "Core", "targets": ["Core"], "type": {"library": ["automatic"]}},
            {"name": "tool", "targets": ["Tool"], "type": {"executable": None}},
        ],
    }


def append(root, path, text):
    os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
    with open(os.path.join(root, path), "a", encoding="utf-8") as file:
        file.write(text)


def expect(found, expected):
    for problem in expected:
        assert any(problem in line for line in found), f"{problem!r} not among {found}"
    assert len(found) == len(expected), found


def problems(root, describe):
    """Every problem of a tree: its targets' dependencies and imports, and its list of modules."""
    return import_problems(root, describe) + module_list_problems(root, describe)


def self_test():
    """Each check fails on a planted violation of its rule, and passes on a tree that breaks none."""
    with tempfile.TemporaryDirectory() as root:
        describe = self_test_tree(root)
        clean = problems(root, describe)
        assert clean == [], f"a clean tree has no problem: {clean}"
        append(root, "Sources/Tool/Main.swift", "#if canImport(Glibc)\nimport Foundation\n#endif\n")
        append(root, "Sources/Core/Model.swift", "/* a comment */ public import Dispatch\n")
        append(root, "Sources/Extra/Extra.swift", "import Core\n")
        describe["targets"].append({"name": "Extra", "type": "library", "path": "Sources/Extra",
                                    "module_type": "SwiftTarget", "target_dependencies": ["Core"]})
        expect(problems(root, describe), [
            "Sources/Core/Model.swift:3: error: Core imports Dispatch; expected only the Swift standard library",
            "Sources/Tool/Main.swift:5: error: Tool imports Foundation; expected only CStart, Core, Dispatch, "
            "IAMSpecPlatform",
            "found no row for Extra (Sources/Extra) in the table under \"### What",
            "found no row for Extra (Sources/Extra) in the table under \"## Modules\"",
        ])
    with tempfile.TemporaryDirectory() as root:
        describe = self_test_tree(root)
        # A dependency imported nowhere still links: the C target's start-up code in a library.
        describe["targets"][0]["target_dependencies"] = ["CStart"]
        # A test importing what its target does not depend on, nor anything it names re-exports.
        append(root, "Tests/ToolTests/More.swift", "import Core\n")
        # A library product the table calls "none", and rows for a target Package.swift lacks.
        describe["products"].append(
            {"name": "Platform", "targets": ["IAMSpecPlatform"], "type": {"library": ["automatic"]}}
        )
        text = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
        gone = "| `Gone` | none | gone | `Sources/Gone/` |\n"
        text = text.replace("| `CStart` | none (C target) |", gone + "| `CStart` | none (C target) |")
        text = text.replace("| `Core` | the Swift", "| `Gone` | `Core` | gone |\n| `Core` | the Swift")
        open(os.path.join(root, "ARCHITECTURE.md"), "w", encoding="utf-8").write(text)
        expect(problems(root, describe), [
            "Package.swift:1: error: the target Core depends on CStart; expected only the Swift standard library",
            "Tests/ToolTests/More.swift:1: error: the test target ToolTests imports Core, which its target in "
            "Package.swift does not depend on; expected one of FoundationEssentials, IAMSpecPlatform, Testing",
            "ARCHITECTURE.md:9: error: the product of IAMSpecPlatform is \"none (a target)\"; expected \"library...\"",
            "ARCHITECTURE.md:10: error: found a row for Gone under \"## Modules\"; expected a target of Package.swift",
            "ARCHITECTURE.md:17: error: found a row for Gone; expected a target of Package.swift",
        ])
        assert forbidden_libraries(SELF_TEST_ARCHITECTURE) == {"libFoundation.so"}
    shell = shutil.which("sh")
    libraries = loaded_libraries(shell)
    assert any(name.startswith("libc.so") for name in libraries), f"{shell} loads libc: {libraries}"
    assert library_problems(shell, {"libc.so"}), f"{shell} loads libc: a forbidden library is found"
    assert library_problems(shell, {"libFoundation.so"}) == [], "a library not loaded is no problem"
    print(
        "check_module_imports.py: the self-test passed (a violating import, a violating dependency, a test's "
        "undeclared import, a module missing from either table and a forbidden library are found)"
    )


def main():
    arguments = sys.argv[1:]
    if arguments == ["--self-test"]:
        self_test()
        return
    if len(arguments) == 3 and arguments[0] == "--libraries":
        tool, root = arguments[1], arguments[2]
        architecture = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
        forbidden = forbidden_libraries(architecture)
        found = [] if forbidden else [f"ARCHITECTURE.md:1: error: found no `lib*.so` quoted under \"{SECTION}\""]
        found += library_problems(tool, forbidden)
        done = f"{tool} loads none of " + ", ".join(sorted(forbidden))
    elif len(arguments) == 2:
        root = arguments[0]
        with open(arguments[1], encoding="utf-8") as file:
            describe = json.load(file)
        found = problems(root, describe)
        done = (
            f"the {len(describe['targets'])} targets of Package.swift depend on and import only what ARCHITECTURE.md's "
            "table allows, and its list of modules is Package.swift's"
        )
    else:
        sys.exit(__doc__)
    for problem in found:
        print(problem)
    if found:
        sys.exit(1)
    print(done)


if __name__ == "__main__":
    main()
