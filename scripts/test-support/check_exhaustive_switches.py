#!/usr/bin/env python3
"""No `default:` in a switch over stimuli, step kinds, observations or patterns.

A switch that ends in `default:` compiles when a new kind is added and handles it silently the
wrong way; these switches must name every case, so the compiler finds each place a new kind
needs. The kinds' case names are read from their declarations: `Stimulus`, `StimulusKind.ID`,
`Observation`, `ObservationPattern` and `ObservationKind`; their names in a case and on the wire
(`"session_start"`, `"rolled_back"`, ...) from `Stimulus.swift` and `ObservationKind.swift`.

A switch is one over those kinds when two or more of its labels name one of them (a single
shared name, such as `.orientation`, is also a capability's); the names a trigger or a trigger
event shares with a stimulus (`.customEvent`, `"purchase"`, ...) do not count. Usage: check_exhaustive_switches.py
SOURCES_DIR. Prints `path:line:col: error: ...` for each, and exits 1 when there is one.
"""

import os
import re
import sys

KIND_ENUMS = {
    "Stimulus": "Sources/IAMSpec/Steps/Stimulus.swift",
    "ID": "Sources/IAMSpec/Steps/Stimulus.swift",
    "Observation": "Sources/IAMSpec/Model/Observation.swift",
    "ObservationPattern": "Sources/IAMSpec/Model/Expectation.swift",
    "ObservationKind": "Sources/IAMSpec/Steps/ObservationKind.swift",
}


def strip_comments_and_strings(text):
    """The text with comments blanked and string literals' contents kept (labels may be strings),
    so that braces inside either do not count; line and column positions are kept."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            literal = text[i : j + 1]
            out.append(literal.replace("{", " ").replace("}", " "))
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def enum_cases(root, name, path):
    text = strip_comments_and_strings(open(os.path.join(root, path), encoding="utf-8").read())
    match = re.search(r"\benum\s+" + name + r"\b[^{]*\{", text)
    if not match:
        sys.exit(f"check_exhaustive_switches.py: error: no enum {name} in {path}")
    depth, i = 1, match.end()
    start = i
    while depth and i < len(text):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    body = text[start:i]
    names = set()
    for declaration in re.finditer(r"(?m)^\s*(?:indirect\s+)?case\s+([^\n]+)", body):
        for item in re.split(r",(?![^(]*\))", declaration.group(1)):
            word = re.match(r"\s*([A-Za-z_]\w*)", item)
            if word:
                names.add("." + word.group(1))
    return names


def kind_names(root):
    names = set()
    stimuli = open(os.path.join(root, KIND_ENUMS["Stimulus"]), encoding="utf-8").read()
    names.update('"%s"' % n for n in re.findall(r'StimulusKind\(\s*id,\s*"([a-z_]+)"', stimuli))
    observations = open(os.path.join(root, KIND_ENUMS["ObservationKind"]), encoding="utf-8").read()
    names.update('"%s"' % n for n in re.findall(r'case \.\w+: "([a-z_]+)"', observations))
    return names


def switches(text):
    """Each switch's position and the labels at its own level, with whether it has `default:`."""
    for match in re.finditer(r"\bswitch\b[^{]*\{", text):
        depth, i = 1, match.end()
        labels, has_default = [], None
        line_start = True
        while depth and i < len(text):
            c = text[i]
            if c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
            elif depth == 1 and line_start and not c.isspace():
                rest = text[i : text.find("\n", i)]
                if rest.startswith("case "):
                    labels.append(rest[5:])
                elif rest.startswith("default:") or rest.startswith("@unknown default:"):
                    has_default = i
            if c == "\n":
                line_start = True
            elif not c.isspace():
                line_start = False
            i += 1
        yield match.start(), labels, has_default


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_exhaustive_switches.py REPOSITORY")
    root = sys.argv[1]
    kinds = set()
    for name, path in KIND_ENUMS.items():
        kinds |= enum_cases(root, name, path)
    kinds |= kind_names(root)
    # Names a trigger or a trigger event shares with a stimulus: a switch over triggers is not one
    # over stimuli, and a stimulus switch names other kinds too.
    kinds -= {".sessionStart", ".customEvent", ".purchase", ".pushClick", '"session_start"', '"custom_event"',
              '"purchase"', '"push_click"'}
    token = re.compile(r'"[a-z_]+"|\.[A-Za-z_]\w*')
    problems = 0
    for folder, _, files in os.walk(os.path.join(root, "Sources")):
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(folder, file)
            text = strip_comments_and_strings(open(path, encoding="utf-8").read())
            for start, labels, default in switches(text):
                if default is None:
                    continue
                named = {t for label in labels for t in token.findall(label.split(":")[0]) if t in kinds}
                if len(named) >= 2:
                    line = text.count("\n", 0, default) + 1
                    column = default - (text.rfind("\n", 0, default) + 1) + 1
                    shown = ", ".join(sorted(named)[:4])
                    print(
                        f"{os.path.relpath(path, root)}:{line}:{column}: error: found 'default:' in a switch over "
                        f"kinds of stimulus or observation ({shown}); expected every case named, so that a new "
                        "kind is a compile error here"
                    )
                    problems += 1
    if problems:
        sys.exit(1)
    print("no switch over stimuli, step kinds, observations or patterns ends in 'default:'")


if __name__ == "__main__":
    main()
