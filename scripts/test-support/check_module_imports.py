#!/usr/bin/env python3
"""Every module imports only what ARCHITECTURE.md's table says it may, and the built tool links no
library ARCHITECTURE.md says it must not load.

Usage: check_module_imports.py REPOSITORY [TOOL]
       check_module_imports.py --self-test

The table is the one under "### What each module may import" in REPOSITORY/ARCHITECTURE.md: a row
per module, `| \\`Module\\` | may import | may not import, and why |`. What a module may import is
every backquoted name in its second cell outside parentheses (the parentheses say why, and may
name anything); the Swift standard library (`Swift`, `_Concurrency`, `_StringProcessing`) is
always allowed. Each Swift file under REPOSITORY/Sources/<Module>/ is read, comments and string
literals left out, and each `import` (`@_exported`, `public`, `package` and `#if` branches alike)
must name an allowed module. A folder of Sources/ holding Swift files with no row is a problem,
as is a row naming a module Sources/ does not hold.

With TOOL (the built `iamspec`), the shared libraries it loads (its `NEEDED` entries, and theirs,
found through its RUNPATH, as `readelf -d` lists them: nothing is run) must include none of the
`lib*.so` names that section of ARCHITECTURE.md quotes (`libFoundation.so`, ...): the tool loads
FoundationEssentials alone.

Prints each problem as `path:line: error: ...` and exits 1 when there is one. --self-test checks
that the checks fail on a violating import and a forbidden library, and pass otherwise.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

STANDARD_LIBRARY = {"Swift", "_Concurrency", "_StringProcessing"}
SECTION = "### What each module may import"
BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
LINE_COMMENT = re.compile(r"//[^\n]*")
STRING_LITERAL = re.compile(r'"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"')
IMPORT = re.compile(
    r"^[ \t]*(?:@[\w.]+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)


def section(text):
    """The text of the section on what each module may import."""
    start = text.find(SECTION)
    if start < 0:
        return None
    end = text.find("\n#", start + len(SECTION))
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


def allowed_imports(architecture):
    """{module: (allowed modules, line of its row)} from the table."""
    text = section(architecture)
    if text is None:
        return None
    offset = architecture.find(SECTION)
    rows = {}
    for match in re.finditer(r"^\|\s*`([A-Za-z_][A-Za-z0-9_]*)`\s*\|([^|\n]*)\|", text, re.MULTILINE):
        line = architecture.count("\n", 0, offset + match.start()) + 1
        names = set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", without_parentheses(match.group(2))))
        rows[match.group(1)] = (names, line)
    return rows


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


def import_problems(root):
    """The problems of the modules' imports against ARCHITECTURE.md's table."""
    architecture = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
    rows = allowed_imports(architecture)
    if not rows:
        return [f"ARCHITECTURE.md:1: error: found no table under \"{SECTION}\"; expected a row per module"]
    problems = []
    sources = os.path.join(root, "Sources")
    modules = sorted(d for d in os.listdir(sources) if os.path.isdir(os.path.join(sources, d)))
    for module in modules:
        files = [
            os.path.join(folder, name)
            for folder, _, names in sorted(os.walk(os.path.join(sources, module)))
            for name in sorted(names)
            if name.endswith(".swift")
        ]
        if not files:
            continue
        if module not in rows:
            problems.append(
                f"ARCHITECTURE.md:1: error: found no row for {module} (Sources/{module}) in the table under "
                f"\"{SECTION}\"; expected one saying what it may import"
            )
            continue
        allowed = rows[module][0] | STANDARD_LIBRARY
        for path in files:
            code = code_only(open(path, encoding="utf-8").read())
            for match in IMPORT.finditer(code):
                imported = match.group(1)
                if imported not in allowed:
                    line = code.count("\n", 0, match.start(1)) + 1
                    problems.append(
                        f"{os.path.relpath(path, root)}:{line}: error: {module} imports {imported}; expected only "
                        f"{', '.join(sorted(rows[module][0])) or 'the Swift standard library'} "
                        f"(ARCHITECTURE.md:{rows[module][1]})"
                    )
    for module, (_, line) in sorted(rows.items()):
        if module not in modules:
            problems.append(f"ARCHITECTURE.md:{line}: error: found a row for {module}; expected a folder Sources/{module}")
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
    pending = [(tool, None)]
    while pending:
        path, _ = pending.pop()
        needed, folders = dynamic_section(path)
        for name in needed:
            if name in seen:
                continue
            found = next((os.path.join(f, name) for f in folders + SYSTEM_FOLDERS if os.path.exists(os.path.join(f, name))), None)
            seen[name] = found
            if found:
                pending.append((found, name))
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


def self_test():
    """The checks fail on a violating import and a forbidden library, and pass otherwise."""
    architecture = f"""# A

{SECTION}

| module | may import | may not import, and why |
|---|---|---|
| `Core` | the Swift standard library only (not `Foundation`) | Anything else. |
| `Tool` | `Core`, `IAMSpecPlatform` (`Foundation` through it), `Dispatch` | Foundation itself. |
| `IAMSpecPlatform` | `FoundationEssentials` | Anything of ours. |

So the tool does not load `libFoundation.so`.
"""
    sources = {
        "Core/Model.swift": "// import Foundation, in a comment\nlet text = \"import Foundation\"\n",
        "Tool/Main.swift": "import Core\n@preconcurrency import Dispatch\npackage import IAMSpecPlatform\n",
        "IAMSpecPlatform/Platform.swift": "@_exported import FoundationEssentials\n",
    }
    with tempfile.TemporaryDirectory() as root:
        with open(os.path.join(root, "ARCHITECTURE.md"), "w", encoding="utf-8") as file:
            file.write(architecture)
        for path, text in sources.items():
            os.makedirs(os.path.join(root, "Sources", os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, "Sources", path), "w", encoding="utf-8") as file:
                file.write(text)
        clean = import_problems(root)
        assert clean == [], f"a clean tree has no problem: {clean}"
        with open(os.path.join(root, "Sources/Tool/Main.swift"), "a", encoding="utf-8") as file:
            file.write("#if canImport(Glibc)\nimport Foundation\n#endif\n")
        with open(os.path.join(root, "Sources/Core/Model.swift"), "a", encoding="utf-8") as file:
            file.write("/* a comment */ public import Dispatch\n")
        os.makedirs(os.path.join(root, "Sources/Extra"))
        with open(os.path.join(root, "Sources/Extra/Extra.swift"), "w", encoding="utf-8") as file:
            file.write("import Core\n")
        found = import_problems(root)
        expected = [
            "Sources/Core/Model.swift:3: error: Core imports Dispatch; expected only the Swift standard library",
            "Sources/Tool/Main.swift:5: error: Tool imports Foundation; expected only Core, Dispatch, IAMSpecPlatform",
            "found no row for Extra",
        ]
        for problem in expected:
            assert any(problem in line for line in found), f"{problem!r} not among {found}"
        assert len(found) == 3, found
        assert forbidden_libraries(architecture) == {"libFoundation.so"}
    shell = shutil.which("sh")
    libraries = loaded_libraries(shell)
    libc = next(name for name in libraries if name.startswith("libc.so"))
    assert library_problems(shell, {"libc.so"}), f"{shell} loads {libc}: a forbidden library is found"
    assert library_problems(shell, {"libFoundation.so"}) == [], "a library not loaded is no problem"
    print("check_module_imports.py: the self-test passed (a violating import and a forbidden library are found)")


def main():
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    root = sys.argv[1]
    problems = import_problems(root)
    architecture = open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8").read()
    if len(sys.argv) == 3:
        forbidden = forbidden_libraries(architecture)
        if not forbidden:
            problems.append(f"ARCHITECTURE.md:1: error: found no `lib*.so` quoted under \"{SECTION}\"")
        problems += library_problems(sys.argv[2], forbidden)
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print("every module imports only what ARCHITECTURE.md's table allows"
          + (", and the tool loads none of " + ", ".join(sorted(forbidden_libraries(architecture))) if len(sys.argv) == 3 else ""))


if __name__ == "__main__":
    main()
