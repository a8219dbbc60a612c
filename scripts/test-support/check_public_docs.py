"""Checks that every public declaration under Sources/ has a doc comment of its own.

Usage: check_public_docs.py SOURCES SYMBOL_GRAPH_DIR...

Each SYMBOL_GRAPH_DIR holds what `swift symbolgraph-extract -minimum-access-level public` wrote
for one module: its `*.symbols.json` files, those of its extensions to other modules' types
(`Module@Other.symbols.json`) among them. Every symbol whose declaration lies under SOURCES (types,
enum cases, properties, methods, initializers, subscripts, operators, and the members of
extensions; `public` and `open` alike) must have a `///` comment written right above it: only
attributes, blank lines and `//` comments may stand between the two. A declaration that only
inherits a comment, from the protocol requirement it implements or from the standard library,
has none of its own, and a symbol the compiler made (a synthesized `==`, `hashValue`) has no
declaration to document.

Each one missing is printed as `path:line:col: error: public <kind> <name> has no doc comment`
(exit status 1).
"""

import json
import os
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse


def source_path(uri):
    return Path(unquote(urlparse(uri).path)) if uri and uri.startswith("file:") else None


class Sources:
    """The lines of the source files, read once each."""

    def __init__(self):
        self.files = {}

    def lines(self, path):
        if path not in self.files:
            self.files[path] = path.read_text(encoding="utf-8").split("\n")
        return self.files[path]


def may_separate(line):
    """Whether a line may stand between a doc comment and its declaration."""
    text = line.strip()
    return not text or text.startswith("@") or (text.startswith("//") and not text.startswith("///"))


def has_own_comment(symbol, sources):
    """Whether the symbol's doc comment was written above its own declaration (not inherited)."""
    comment = symbol.get("docComment") or {}
    lines = comment.get("lines") or []
    location = symbol["location"]
    if comment.get("uri") != location["uri"] or not any(line.get("text", "").strip() for line in lines):
        return False
    end = (lines[-1].get("range") or {}).get("end", {}).get("line")
    declaration = location["position"]["line"]
    if end is None or end >= declaration:
        return False
    between = sources.lines(source_path(location["uri"]))[end + 1 : declaration]
    return all(may_separate(line) for line in between)


def symbol_files(directories):
    for directory in directories:
        yield from sorted(Path(directory).glob("*.symbols.json"))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    root = Path(sys.argv[1]).resolve()
    sources = Sources()
    missing = {}
    declarations = set()
    modules = set()
    for graph_path in symbol_files(sys.argv[2:]):
        with open(graph_path, encoding="utf-8") as stream:
            graph = json.load(stream)
        modules.add(graph["module"]["name"])
        for symbol in graph["symbols"]:
            location = symbol.get("location")
            path = source_path(location and location.get("uri"))
            if path is None or root not in path.resolve().parents:
                continue
            position = location["position"]
            key = (path, position["line"] + 1, position["character"] + 1)
            declarations.add(key)
            if key not in missing and not has_own_comment(symbol, sources):
                kind = symbol["kind"]["displayName"].lower()
                name = ".".join(symbol["pathComponents"])
                missing[key] = f"public {kind} {name} has no doc comment"
    for (path, line, column), message in sorted(missing.items()):
        shown = os.path.relpath(path) if Path.cwd() in path.resolve().parents else path
        print(f"{shown}:{line}:{column}: error: {message}", file=sys.stderr)
    if missing:
        print(
            f"error: {len(missing)} of {len(declarations)} public declarations have no doc comment",
            file=sys.stderr,
        )
        sys.exit(1)
    print(f"{len(declarations)} public declarations in {len(modules)} modules, each with its doc comment")


if __name__ == "__main__":
    main()
