"""Checks that the DocC catalogs build without a warning: every symbol link, in the articles and
in the public API's doc comments, resolves in the module that has the symbol, and every <doc:...>
link finds its article.

Usage: check_docc.py DIAGNOSTICS.json...

Each DIAGNOSTICS.json is what `docc convert --diagnostics-file` wrote for one module's catalog.
Any warning or error fails the check (exit status 1), printed as `path:line:col: warning: ...`.
A doc comment names a symbol of another module, or a `package` one, as code (`EngineError`), not
as a link: DocC builds one module at a time and sees only its public symbols.
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
    for diagnostics_path in sys.argv[1:]:
        with open(diagnostics_path, encoding="utf-8") as stream:
            diagnostics = json.load(stream).get("diagnostics", [])
        for diagnostic in diagnostics:
            if diagnostic.get("severity") not in FAILING:
                continue
            failures.append(f"{where(diagnostic)}: {diagnostic['severity']}: {diagnostic.get('summary', '')}")
    for line in failures:
        print(line, file=sys.stderr)
    catalogs = len(sys.argv) - 1
    if failures:
        print(f"error: {len(failures)} problems in the catalogs and doc comments", file=sys.stderr)
        sys.exit(1)
    print(f"{catalogs} catalogs: no warning in their articles or the public doc comments")


if __name__ == "__main__":
    main()
