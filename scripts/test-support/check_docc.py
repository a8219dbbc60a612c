"""Checks that the DocC catalogs' articles build without a warning: every symbol link resolves in
the module that has the symbol, every <doc:...> link finds its article.

Usage: check_docc.py DIAGNOSTICS.json...

Each DIAGNOSTICS.json is what `docc convert --diagnostics-file` wrote for one module's catalog.
A warning or error located in a catalog (`Documentation.docc/`) fails the check (exit status 1),
printed as `path:line:col: warning: ...`. Those located in the sources' doc comments are counted
and listed as notes: the comments belong to the sources' owners, and the compiler does not check
them either.
"""

import json
import sys
from urllib.parse import unquote, urlparse

FAILING = {"warning", "error"}


def where(diagnostic):
    source = diagnostic.get("source") or ""
    path = unquote(urlparse(source).path) if source.startswith("file:") else source
    start = (diagnostic.get("range") or {}).get("start") or {}
    return f"{path}:{start.get('line', 1)}:{start.get('column', 1)}"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    failures = []
    notes = []
    for diagnostics_path in sys.argv[1:]:
        with open(diagnostics_path, encoding="utf-8") as stream:
            diagnostics = json.load(stream).get("diagnostics", [])
        for diagnostic in diagnostics:
            if diagnostic.get("severity") not in FAILING:
                continue
            line = f"{where(diagnostic)}: {diagnostic['severity']}: {diagnostic.get('summary', '')}"
            if "Documentation.docc/" in (diagnostic.get("source") or ""):
                failures.append(line)
            else:
                notes.append(line)
    for line in notes:
        print(f"note (a doc comment in the sources): {line}")
    for line in failures:
        print(line, file=sys.stderr)
    catalogs = len(sys.argv) - 1
    if failures:
        print(f"error: {len(failures)} problems in the catalogs' articles", file=sys.stderr)
        sys.exit(1)
    print(f"{catalogs} catalogs: no warning in their articles ({len(notes)} in the sources' doc comments)")


if __name__ == "__main__":
    main()
