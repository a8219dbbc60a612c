#!/usr/bin/env python3
"""The kits' packages carry iamspec's version in the form each registry accepts.

Usage: check_kit_versions.py REPO VERSION

VERSION is `iamspec --version`. A release's (`X.Y.Z`) is every kit's version as it is. A build after
a release says `X.Y.Z+dev`, which PyPI refuses (PEP 440 has no `+` but for local versions) and
which npm and Maven would rank as the release itself; the kits then carry the next release's
development version instead, one N above X.Y.Z and the same in each:
- Kits/python/pyproject.toml `version`: `N.devK`, in PEP 440's normal form (`0.7.0.dev0`);
- Kits/node/package.json `version`: `N-dev.K`, a Semantic Versioning pre-release (`0.7.0-dev.0`);
- Kits/java/pom.xml's and iamspec-kit.pom's `<version>`, and both of iamspec-kit-junit.pom's (its
  own and the kit it depends on): `N-SNAPSHOT`, Maven's development version, which it ranks below N (a qualifier
  of its own, `-dev.0`, Maven would rank above N).
Prints each registry's version, `python V`, `npm V`, `maven V`, a line each, and exits 0; else
exits 1 with each problem on a line `FILE: found ..., expected ...`.
"""
import json
import re
import sys

from packaging.version import InvalidVersion, Version

RELEASE = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)")
# Semantic Versioning 2.0.0's own grammar (semver.org, "Is there a suggested regular expression").
SEMVER = re.compile(
    r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?"
)
POM_VERSION = re.compile(r"^ *<version>(.*)</version>", re.MULTILINE)


def release_of(text):
    match = RELEASE.fullmatch(text)
    return tuple(int(part) for part in match.groups()) if match else None


def kit_versions(repo):
    """(file, version) of every version a kit's package states, in the order they are checked."""
    found = []
    with open(f"{repo}/Kits/python/pyproject.toml", encoding="utf-8") as file:
        match = re.search(r'^version = "(.*)"$', file.read(), re.MULTILINE)
    found.append(("Kits/python/pyproject.toml", "python", match.group(1) if match else None))
    with open(f"{repo}/Kits/node/package.json", encoding="utf-8") as file:
        found.append(("Kits/node/package.json", "npm", json.load(file).get("version")))
    for name, count in (("pom.xml", 1), ("iamspec-kit.pom", 1), ("iamspec-kit-junit.pom", 2)):
        with open(f"{repo}/Kits/java/{name}", encoding="utf-8") as file:
            versions = POM_VERSION.findall(file.read())
        for index in range(count):
            found.append((f"Kits/java/{name}", "maven", versions[index] if index < len(versions) else None))
    return found


def expected_forms(tool_version, python_version):
    """The version each registry must carry for this iamspec version, or a problem."""
    if release_of(tool_version):
        return {"python": tool_version, "npm": tool_version, "maven": tool_version}, None
    if not tool_version.endswith("+dev") or not release_of(tool_version[: -len("+dev")]):
        return None, f"iamspec --version: found {tool_version!r}, expected X.Y.Z or X.Y.Z+dev"
    last = release_of(tool_version[: -len("+dev")])
    match = re.fullmatch(r"(\d+\.\d+\.\d+)\.dev(0|[1-9]\d*)", python_version or "")
    if not match or not release_of(match.group(1)) or release_of(match.group(1)) <= last:
        return None, (
            f"Kits/python/pyproject.toml: found version {python_version!r}, expected the next release's development "
            f"version, N.devK with N above {'.'.join(map(str, last))} (for example "
            f"{last[0]}.{last[1] + 1}.0.dev0), since iamspec says {tool_version}"
        )
    following, number = match.groups()
    return {"python": f"{following}.dev{number}", "npm": f"{following}-dev.{number}", "maven": f"{following}-SNAPSHOT"}, None


def problems_of(repo, tool_version):
    found = kit_versions(repo)
    forms, problem = expected_forms(tool_version, found[0][2])
    if problem:
        return [problem], None
    problems = []
    for path, registry, version in found:
        if version != forms[registry]:
            problems.append(f"{path}: found version {version!r}, expected {forms[registry]!r} (iamspec {tool_version})")
    try:
        if str(Version(forms["python"])) != forms["python"]:
            problems.append(f"{forms['python']}: not PEP 440's normal form, {Version(forms['python'])}")
    except InvalidVersion:
        problems.append(f"{forms['python']}: not a PEP 440 version")
    if not SEMVER.fullmatch(forms["npm"]):
        problems.append(f"{forms['npm']}: not a Semantic Versioning version")
    return problems, forms


def main(arguments):
    if len(arguments) != 2:
        print("usage: check_kit_versions.py REPO VERSION", file=sys.stderr)
        return 2
    problems, forms = problems_of(*arguments)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    for registry in ("python", "npm", "maven"):
        print(registry, forms[registry])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
