#!/usr/bin/env python3
"""Checks the site's field pages (`iamspec docs --field Fixtures/field`, docs/FIELD.md) as CI
renders them, from the committed results alone (no vendor is fetched):

  - the field is nine engines (Fixtures/field/provenance.jsonl), each stream it names committed;
  - field.html and markdown/field.md exist; each matrix of field.html has a column per engine
    (the rule, then nine), the engines in the provenance's order, and a table per rule area;
  - each rule the matrix names has its "In the field" on its area page (the link's anchor exists),
    which names every engine once;
  - an engine is marked "older than these Specs" exactly when its specs_digest is not
    `iamspec list --digest Specs`: on the committed field, and on a copy of it whose first engine
    alone records another digest (so the marking is checked whether or not the committed streams
    are current);
  - beside each engine that differs, a name shows only code of the engine's own vendor: every
    repository (`owner/name@commit`) after its "vendor code:" is the engine's provenance
    repository (case aside), and a name citing none of its vendor's says so (or that it cites no
    code at all);
  - no file of the site names an absolute path of the machine that built it (the repository, the
    site's folder, the home folder, the temporary folder), nor a path under /work/, /home/ or
    /tmp/ of the machine that ran the engines.

Usage: check_field_site.py IAMSPEC   (run from anywhere; the repository is this script's)
Exit status 0 when every check holds, 1 naming each problem as `FILE: error: what was found, what
was expected`.
"""

import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

STALE = "older than these Specs"
ENGINES = 9


class Tables(html.parser.HTMLParser):
    """The header cells of each table of a class, the ids and the links of a page."""

    def __init__(self, wanted):
        super().__init__()
        self.wanted, self.tables, self.ids, self.links = wanted, [], set(), []
        self.depth, self.in_head, self.cell = 0, False, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and "href" in attrs:
            self.links.append(attrs["href"])
        if tag == "table" and self.wanted in (attrs.get("class") or "").split():
            self.tables.append([])
            self.depth = 1
        elif tag == "thead" and self.depth:
            self.in_head = True
        elif tag == "th" and self.in_head:
            self.cell = ""

    def handle_endtag(self, tag):
        if tag == "th" and self.cell is not None:
            self.tables[-1].append(self.cell.strip())
            self.cell = None
        elif tag == "thead":
            self.in_head = False
        elif tag == "table":
            self.depth = 0

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def parse(path, wanted="field-matrix"):
    page = Tables(wanted)
    page.feed(read(path))
    return page


def render(iamspec, repository, field, out):
    result = subprocess.run(
        [iamspec, "docs", "--out", out, "Specs", "--field", field],
        cwd=repository, capture_output=True, text=True,
    )
    if result.returncode != 0:
        raise SystemExit(f"check_field_site: iamspec docs --field {field} failed ({result.returncode}): {result.stderr}")


def check_site(site, entries, digest, problems, label):
    field_page = os.path.join(site, "field.html")
    if not os.path.exists(field_page) or not os.path.exists(os.path.join(site, "markdown", "field.md")):
        problems.append(f"{label}: error: found no field.html or markdown/field.md, expected both")
        return
    page = parse(field_page)
    adapters = [entry["adapter"] for entry in entries]
    if not page.tables:
        problems.append(f"{label}/field.html: error: found no field-matrix table, expected one per rule area")
    for number, headers in enumerate(page.tables, 1):
        names = [re.sub(rf"\s*\({STALE}\)$", "", header) for header in headers[1:]]
        if len(headers) != 1 + ENGINES or names != adapters:
            problems.append(
                f"{label}/field.html: error: found matrix {number} with the columns {headers}, "
                f"expected Rule and the {ENGINES} engines {adapters}"
            )
    text = read(field_page)
    for entry in entries:
        adapter = entry["adapter"]
        row = re.search(rf'<tr id="engine-{re.escape(adapter)}">(.*?)</tr>', text, re.S)
        stale = entry["specs_digest"] != digest
        if row is None:
            problems.append(f"{label}/field.html: error: found no row of the engine {adapter}, expected one")
            continue
        if (STALE in row.group(1)) != stale:
            problems.append(
                f"{label}/field.html: error: found the engine {adapter} {'not ' if stale else ''}marked "
                f"'{STALE}' (its digest {entry['specs_digest']}, the Specs' {digest}), expected the opposite"
            )
        for headers in page.tables[:1]:
            header = headers[1 + adapters.index(adapter)] if len(headers) > adapters.index(adapter) + 1 else ""
            if header.endswith(f"({STALE})") != stale:
                problems.append(f"{label}/field.html: error: found the column '{header}', expected it marked stale: {stale}")
    # Each rule's "In the field" exists where the matrix links, and names every engine once.
    pages = {}
    for link in page.links:
        match = re.match(r"^(areas/[^#]+)#(field-.+)$", link)
        if not match:
            continue
        area = pages.get(match.group(1))
        if area is None:
            area = pages[match.group(1)] = (parse(os.path.join(site, match.group(1))), read(os.path.join(site, match.group(1))))
        if match.group(2) not in area[0].ids:
            problems.append(f"{label}/field.html: error: found a link to {link}, expected its anchor on that page")
            continue
        section = re.search(rf'<div class="field" id="{re.escape(match.group(2))}"><p>(.*?)</p>', area[1], re.S)
        named = re.findall(r'field\.html#engine-([^"]+)"', section.group(1)) if section else []
        if sorted(named) != sorted(adapters):
            problems.append(f"{label}/{match.group(1)}: error: {match.group(2)} names the engines {named}, expected each of {adapters} once")
            break
    if not pages:
        problems.append(f"{label}/field.html: error: found no link to a rule's field section, expected one per rule")


def check_citations(site, entries, problems, label):
    """Each name beside an engine shows only its vendor's code; returns how many names show some,
    and how many say that they cite none of the engine's vendor's."""
    repositories = {entry["adapter"]: entry["repository"].lower() for entry in entries}
    citation = re.compile(r"(?<![\w.-])([A-Za-z0-9][\w.-]*/[\w.-]+)@[0-9a-f]{7,40}\b")
    shown = none = 0
    for name in sorted(os.listdir(os.path.join(site, "areas"))):
        if not name.endswith(".html"):
            continue
        text = read(os.path.join(site, "areas", name))
        for listing in re.findall(r'<ul class="field-names">(.*?)</ul>', text, re.S):
            for adapter, items in re.findall(r'<li><span class="label">([^<]*)</span> (.*?)</li>', listing, re.S):
                adapter = html.unescape(adapter)
                for item in re.split(r"\. (?=by )", html.unescape(re.sub(r"<[^>]+>", "", items))):
                    if item.startswith("by no name") or not item.startswith("by "):
                        continue
                    if re.search(r"; no code of this vendor cited for this name\.?$", item):
                        none += 1
                    if "; vendor code: " not in item:
                        if not re.search(r"; (no code of this vendor cited for this name|the catalogue cites no vendor code for it)\.?$", item):
                            problems.append(
                                f"{label}/areas/{name}: error: found the name {item[:80]!r}... beside the engine {adapter} "
                                "with no vendor code, expected it to say that none of its vendor's is cited"
                            )
                        continue
                    shown += 1
                    for repository in citation.findall(item.split("; vendor code: ", 1)[1]):
                        if repository.lower() != repositories.get(adapter):
                            problems.append(
                                f"{label}/areas/{name}: error: found {repository}'s code beside the engine {adapter} "
                                f"({item[:80]!r}...), expected only its vendor's, {repositories.get(adapter)}"
                            )
    if not shown:
        problems.append(f"{label}/areas: error: found no name showing its vendor's code, expected the committed field's")
    return shown, none


def check_paths(site, forbidden, problems, label):
    machine = re.compile(r"(?<![\w.~-])/(?:work|home|tmp|root|Users)/")
    for folder, _, files in os.walk(site):
        for name in files:
            path = os.path.join(folder, name)
            text = read(path)
            for path_of_builder in forbidden:
                if path_of_builder and path_of_builder in text:
                    problems.append(f"{label}/{os.path.relpath(path, site)}: error: found {path_of_builder!r}, a path of the building machine, expected none")
            found = machine.search(text)
            if found:
                excerpt = text[max(0, found.start() - 40):found.end() + 40].replace("\n", " ")
                problems.append(f"{label}/{os.path.relpath(path, site)}: error: found an absolute path ({excerpt!r}), expected none")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    iamspec = os.path.abspath(sys.argv[1])
    repository = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    field = os.path.join(repository, "Fixtures", "field")
    problems = []
    entries = [json.loads(line) for line in read(os.path.join(field, "provenance.jsonl")).splitlines() if line.strip()]
    if len(entries) != ENGINES:
        problems.append(f"Fixtures/field/provenance.jsonl: error: found {len(entries)} engines, expected {ENGINES}")
    for entry in entries:
        if not os.path.isfile(os.path.join(field, entry["stream"])):
            problems.append(f"Fixtures/field/provenance.jsonl: error: found no stream {entry['stream']}, expected it committed")
    digest = subprocess.run([iamspec, "list", "--digest", "Specs"], cwd=repository, capture_output=True, text=True, check=True).stdout.strip()
    work = tempfile.mkdtemp()
    try:
        site = os.path.join(work, "site")
        render(iamspec, repository, "Fixtures/field", site)
        check_site(site, entries, digest, problems, "site")
        cited = check_citations(site, entries, problems, "site")
        # A copy whose first engine alone ran other Specs.
        copy = os.path.join(work, "field")
        shutil.copytree(field, copy)
        changed = [dict(entry, specs_digest=digest) for entry in entries]
        changed[0]["specs_digest"] = "fnv1a64:" + ("1" if digest[-1] != "1" else "2") * 16
        with open(os.path.join(copy, "provenance.jsonl"), "w", encoding="utf-8") as handle:
            handle.write("".join(json.dumps(entry) + "\n" for entry in changed))
        stale_site = os.path.join(work, "stale")
        render(iamspec, repository, copy, stale_site)
        check_site(stale_site, changed, digest, problems, "site with one stale engine")
        forbidden = [repository, os.path.realpath(repository), work, os.path.realpath(work)]
        if os.environ.get("HOME", "/") != "/":
            forbidden.append(os.environ["HOME"])
        check_paths(site, forbidden, problems, "site")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    stale = sum(entry["specs_digest"] != digest for entry in entries)
    print(
        f"check_field_site: {len(entries)} engines, {stale} older than these Specs; {cited[0]} names beside an "
        f"engine show its vendor's code, {cited[1]} cite none of its vendor's; the field's pages hold"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
