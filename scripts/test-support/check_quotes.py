"""Checks that the rule catalogue quotes its seeds verbatim: every `quotes` entry's `text` in a
rules file appears, as written, in the seed document its `seed` names.

Usage: check_quotes.py RULES.yaml SEEDS

RULES.yaml is a rule catalogue (`Specs/rules.yaml`); SEEDS is the folder of seed documents
(`../shared/seeds` beside the repository). When a seed catalogue `seeds.yaml` is beside RULES.yaml,
each seed's `title` there must be in the seed too (as a quote is). Exit status:

- 0: every quote (and title) was found in its seed;
- 1: a quote or title was not found, or names a seed that is not in SEEDS: each is printed as
  `path:line:col: error: ...` at the quote's `text` (the seed's `title`), with the longest start
  of it that the seed does contain and where it parts from it;
- 2: the rules file could not be read;
- 77: SEEDS does not exist (a clone without the shared folder beside it): nothing was checked, and
  the line `not checked: ...` says so. scripts/test counts the stage as skipped, never passed.

What "verbatim" allows (Specs/README.md, "The rule catalogue"): the quote and the seed are both
taken in Unicode NFC, and every run of whitespace (spaces, tabs, line breaks, no-break spaces)
counts as one space, so a quote may join the lines of a paragraph and drop a double space after
a full stop. Nothing else is folded: Markdown markup (backticks, asterisks, link brackets) and
typography (curly quotes, dashes, ellipses) must be those of the seed itself, so a quote of the
rendered Korean page has no backticks while a quote of a Markdown source keeps them.
"""

import os
import sys
import unicodedata

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

NOT_CHECKED = 77
SHOWN = 60


def normalized(text):
    """NFC, and each run of whitespace as one space."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def longest_found_start(quote, seed):
    """The length of the longest start of `quote` that occurs in `seed` (found starts nest)."""
    low, high = 0, len(quote)
    while low < high:
        middle = (low + high + 1) // 2
        if quote[:middle] in seed:
            low = middle
        else:
            high = middle - 1
    return low


def quotes_of(rules):
    """Each distinct quote mapping once (an alias repeats the same mapping), with its rule id."""
    seen = set()
    for rule in rules:
        for quote in rule.get("quotes") or []:
            if id(quote) in seen:
                continue
            seen.add(id(quote))
            yield rule.get("id"), quote


def location(path, quote):
    """`path:line:col` of the quote's text (1-based), or of the quote when it has no text."""
    try:
        line, column = quote.lc.value("text")
    except (KeyError, AttributeError):
        line, column = quote.lc.line, quote.lc.col
    return f"{path}:{line + 1}:{column + 1}"


def catalogue_list(path, kind):
    """The list of a rule or seed catalogue (`kind`), or None after printing why it cannot be read."""
    try:
        with open(path, encoding="utf-8") as file:
            items = YAML(typ="rt").load(file)
    except (OSError, UnicodeDecodeError, YAMLError) as problem:
        print(f"{path}: error: cannot read the {kind} catalogue: {problem}", file=sys.stderr)
        return None
    if not isinstance(items, list):
        print(f"{path}: error: expected a sequence of {kind}s", file=sys.stderr)
        return None
    return items


def main(arguments):
    if len(arguments) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    rules_path, seeds_folder = arguments
    if not os.path.isdir(seeds_folder):
        print(f"not checked: the seed folder {seeds_folder} does not exist, so no quote of {rules_path} was compared")
        return NOT_CHECKED
    rules = catalogue_list(rules_path, "rule")
    if rules is None:
        return 2

    seeds = {}

    def found_in_seed(seed_name, text, where, naming, what):
        """Whether `text` is verbatim in the seed; prints why not: `{naming} seed S, which cannot be
        read`, or `{what} not found verbatim in seed S`."""
        if seed_name not in seeds:
            seed_path = os.path.join(seeds_folder, seed_name)
            try:
                with open(seed_path, encoding="utf-8") as file:
                    seeds[seed_name] = normalized(file.read())
            except (OSError, UnicodeDecodeError) as problem:
                seeds[seed_name] = None
                print(f"{where}: error: {naming} seed {seed_name}, which cannot be read: {problem}")
        seed = seeds[seed_name]
        if seed is None:
            return False
        wanted = normalized(text)
        if wanted in seed:
            return True
        found = longest_found_start(wanted, seed)
        print(
            f"{where}: error: {what} not found verbatim in seed {seed_name}; "
            f"the seed has its first {found} of {len(wanted)} characters "
            f"(\"{wanted[max(0, found - SHOWN):found]}\"), then not \"{wanted[found:found + SHOWN]}\""
        )
        return False

    checked = 0
    problems = 0
    for rule_id, quote in quotes_of(rules):
        seed_name, text = quote.get("seed"), quote.get("text")
        if not isinstance(seed_name, str) or not isinstance(text, str):
            continue  # the rules schema reports a quote without a seed or a text
        checked += 1
        if not found_in_seed(seed_name, text, location(rules_path, quote), f"rule {rule_id} quotes", f"rule {rule_id}: quote"):
            problems += 1
    print(f"{checked} quotes of {rules_path} checked against {len(seeds)} seeds in {seeds_folder}: "
          f"{checked - problems} found verbatim, {problems} not")

    catalogue_path = os.path.join(os.path.dirname(rules_path), "seeds.yaml")
    if os.path.exists(catalogue_path):
        catalogue = catalogue_list(catalogue_path, "seed")
        if catalogue is None:
            return 2
        titles = 0
        for seed in catalogue:
            seed_name, title = seed.get("file"), seed.get("title")
            if not isinstance(seed_name, str) or not isinstance(title, str):
                continue  # the seeds schema reports a seed without a file or a title
            titles += 1
            line, column = seed.lc.value("title")
            where = f"{catalogue_path}:{line + 1}:{column + 1}"
            if not found_in_seed(seed_name, title, where, "the catalogue describes", "the seed's title"):
                problems += 1
        print(f"{titles} seed titles of {catalogue_path} checked against their seeds")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
