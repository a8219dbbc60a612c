#!/usr/bin/env python3
"""Checks every relative link of the repository's Markdown files: each names a file or folder
that exists, and a `#fragment` names a heading (or an explicit anchor) of the Markdown file it
leads to, as GitHub makes them.

Links are inline (`[text](target)`, `![alt](target)`) and reference definitions
(`[label]: target`); those in fenced code blocks and inline code are text, not links. Links
with a scheme (`https:`, `mailto:`) and DocC's `<doc:...>` are not checked here (the DocC stage
checks DocC's own links).

Usage: check_markdown_links.py [--root DIR] FILE.md...   (exit 1 naming each broken link as
`FILE:LINE: broken link TARGET: why`)
       check_markdown_links.py --self-test              (a broken link must be found)
"""

import os
import re
import sys
import tempfile

INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1)(?!\n[ \t]*\n)[\s\S])+?\1")
HEADING = re.compile(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$")
ANCHOR = re.compile(r"<a\s+(?:name|id)=\"([^\"]+)\"")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def lines_outside_code(text):
    """Each line number, line and the line with inline code blanked (a code span may run over
    lines of a paragraph), fenced code blocks left out."""
    fence = None
    kept = []
    for line in text.split("\n"):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)[0] * len(match.group(1))
            kept.append(None)
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
            kept.append(None)
        else:
            kept.append(line)
    joined = "\n".join("" if line is None else line for line in kept)
    blanked = INLINE_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), joined).split("\n")
    for number, (line, plain) in enumerate(zip(kept, blanked), 1):
        if line is not None:
            yield number, line, plain


def slug(heading):
    """GitHub's anchor of a heading: markup dropped, lowercase, punctuation but `-` and `_`
    removed, spaces made `-`."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path, cache={}):
    """The anchors a Markdown file has: its headings' slugs (a repeated one numbered `-1`, `-2`)
    and its explicit `<a name>`/`<a id>` anchors."""
    if path not in cache:
        found, counts = set(), {}
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        for _, line, _ in lines_outside_code(text):
            match = HEADING.match(line)
            if match:
                base = slug(match.group(1))
                count = counts.get(base, 0)
                counts[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
            found.update(ANCHOR.findall(line))
        cache[path] = found
    return cache[path]


def problems(path, root):
    """Every broken relative link of the Markdown file at `path`, as `FILE:LINE: ...`."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    found = []
    for number, _, line in lines_outside_code(text):
        targets = [m.group(1) for m in INLINE.finditer(line)]
        definition = DEFINITION.match(line)
        if definition:
            targets.append(definition.group(1))
        for target in targets:
            if SCHEME.match(target) or target.startswith("doc:"):
                continue
            file_part, _, fragment = target.partition("#")
            file_part = re.sub(r"%20", " ", file_part.split("?")[0])
            if file_part.startswith("/"):
                resolved = os.path.join(root, file_part.lstrip("/"))
            elif file_part:
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part))
            else:
                resolved = path
            why = None
            if not os.path.exists(resolved):
                why = "no such file or folder"
            elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
                why = f"{os.path.relpath(resolved, root)} has no heading or anchor '#{fragment}'"
            if why:
                found.append(f"{os.path.relpath(path, root)}:{number}: broken link {target}: {why}")
    return found


def self_test():
    """A broken file link and a broken fragment must be found; good ones, code and URLs not."""
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "other.md"), "w", encoding="utf-8") as handle:
            handle.write("# Other page\n\n## The `given` part, again\n")
        page = os.path.join(folder, "page.md")
        with open(page, "w", encoding="utf-8") as handle:
            handle.write(
                "[good](other.md) [good](other.md#the-given-part-again) [web](https://example.invalid/x.md)\n"
                "[missing](gone.md)\n"
                "`[code](gone.md)`\n"
                "```\n[fenced](gone.md)\n```\n"
                "[bad fragment](other.md#given)\n"
                "[ref]: ./nowhere/\n"
            )
        found = problems(page, folder)
        expected = [
            "page.md:2: broken link gone.md: no such file or folder",
            "page.md:7: broken link other.md#given: other.md has no heading or anchor '#given'",
            "page.md:8: broken link ./nowhere/: no such file or folder",
        ]
        if found != expected:
            print("check_markdown_links.py self-test: expected\n  " + "\n  ".join(expected)
                  + "\nfound\n  " + "\n  ".join(found), file=sys.stderr)
            return 1
    print("self-test: a missing file, a missing heading and a missing folder found; code and URLs left alone")
    return 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    root = os.getcwd()
    if arguments[:1] == ["--root"]:
        root, arguments = arguments[1], arguments[2:]
    found = []
    for path in arguments:
        found += problems(os.path.join(root, path), root)
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"error: {len(found)} broken link(s) in {len(arguments)} Markdown files", file=sys.stderr)
        return 1
    print(f"every relative link of {len(arguments)} Markdown files resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
