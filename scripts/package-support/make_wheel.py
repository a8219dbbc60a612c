#!/usr/bin/env python3
"""Writes the wheel of the iamspec tool: a platform wheel carrying the self-contained binary that
scripts/package built, the Specs it runs, and a console script `iamspec` that execs the binary.

Usage: make_wheel.py BINARY SPECS VERSION TAG OUT

BINARY   the self-contained `iamspec` (the Swift runtime and libyaml linked in)
SPECS    the Specs folder of the same commit
VERSION  the version in PEP 440's form (the Python kit's: Kits/python/pyproject.toml)
TAG      the platform tag, e.g. manylinux_2_35_x86_64 (scripts/package derives it from the binary)
OUT      the folder to write `iamspec-VERSION-py3-none-TAG.whl` into

The wheel is a zip laid out as the wheel format (PEP 427, PEP 491) says: the package `iamspec`
(`iamspec/bin/iamspec`, executable; `iamspec/Specs/...`; `__init__.py` with BINARY and SPECS, the
paths of both once installed, and `main()`, the console script), and `iamspec-VERSION.dist-info`
with METADATA, WHEEL, entry_points.txt and RECORD (every file's sha256 and size). Only the standard
library is used. Entries are written in a fixed order with a fixed date, so one input makes one
wheel byte for byte. Prints the wheel's path.
"""
import base64
import hashlib
import os
import re
import sys
import zipfile

DATE = (2020, 1, 1, 0, 0, 0)

INIT = '''"""The iamspec tool, a self-contained binary, with the Specs of its version.

`iamspec ...` (the console script) runs the binary with its arguments; `python -m iamspec ...`
does the same. SPECS is the folder of this version's Specs: `iamspec run "$(python -m iamspec
--specs-path)" --engine-command ...` runs them.
"""
import os
import sys

BINARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "iamspec")
SPECS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Specs")


def main():
    """Replaces this process with the binary, its arguments unchanged; `--specs-path` alone
    prints SPECS instead."""
    if sys.argv[1:] == ["--specs-path"]:
        print(SPECS)
        return 0
    os.execv(BINARY, [BINARY, *sys.argv[1:]])
'''

MAIN = '''import sys

from iamspec import main

sys.exit(main())
'''


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}"


def main(arguments):
    if len(arguments) != 5:
        print("usage: make_wheel.py BINARY SPECS VERSION TAG OUT", file=sys.stderr)
        return 2
    binary, specs, version, tag, out = arguments
    if not re.fullmatch(r"[A-Za-z0-9_.]+", tag):
        print(f"make_wheel.py: error: found the platform tag {tag!r}, expected letters, digits, _ and .", file=sys.stderr)
        return 2
    dist_info = f"iamspec-{version}.dist-info"
    files = []  # (name, bytes, executable)
    with open(binary, "rb") as file:
        files.append(("iamspec/bin/iamspec", file.read(), True))
    files.append(("iamspec/__init__.py", INIT.encode(), False))
    files.append(("iamspec/__main__.py", MAIN.encode(), False))
    for folder, subfolders, names in os.walk(specs):
        subfolders.sort()
        for name in sorted(names):
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, specs).replace(os.sep, "/")
            with open(path, "rb") as file:
                files.append((f"iamspec/Specs/{relative}", file.read(), False))
    metadata = (
        "Metadata-Version: 2.1\n"
        "Name: iamspec\n"
        f"Version: {version}\n"
        "Summary: iamspec, a conformance harness for in-app message delivery engines, as a self-contained binary\n"
        "Requires-Python: >=3.9\n"
        "Classifier: Operating System :: POSIX :: Linux\n"
        "Classifier: Programming Language :: Swift\n"
    )
    files.append((f"{dist_info}/METADATA", metadata.encode(), False))
    wheel = f"Wheel-Version: 1.0\nGenerator: iamspec scripts/package\nRoot-Is-Purelib: false\nTag: py3-none-{tag}\n"
    files.append((f"{dist_info}/WHEEL", wheel.encode(), False))
    files.append((f"{dist_info}/entry_points.txt", b"[console_scripts]\niamspec = iamspec:main\n", False))
    files.append((f"{dist_info}/top_level.txt", b"iamspec\n", False))
    record = "".join(record_line(name, data) + "\n" for name, data, _ in files) + f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode(), False))

    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, f"iamspec-{version}-py3-none-{tag}.whl")
    partial = path + ".partial"
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data, executable in files:
            info = zipfile.ZipInfo(name, date_time=DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = ((0o100755 if executable else 0o100644) & 0xFFFF) << 16
            archive.writestr(info, data)
    os.replace(partial, path)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
