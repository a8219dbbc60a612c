"""Checks what the CI schemas cannot see in the CI recipes of Examples/ci (docs/CI.md, "Running the
suite in CI"): recipes for an engine's own repository, not this one.

For both recipes:
  - iamspec is fetched at a pinned version: IAMSPEC_REF is a full commit id (the repository
    carries its main branch, no tags), from IAMSPEC_REPOSITORY, whose address is marked as a
    placeholder to replace (a comment on its line says "replace");
  - exactly one job builds iamspec (`swift build`), and it keys the tool it keeps by the commit it
    fetched and the toolchain (`rev-parse HEAD`, `swift --version`), not by the ref alone; every
    job that runs the built tool needs that job and gets the tool from its artifact, never from a
    build of its own;
  - the shards: the number of parallel jobs is the N of `--shard I/N`;
  - the results are merged (`iamspec merge`), the docs site built (`iamspec docs`), a JUnit report
    and the Markdown summary (`--summary`) written.
For GitHub Actions, also: every job that checks out code has `contents: read` (its own
`permissions:` or the workflow's), the summary goes to $GITHUB_STEP_SUMMARY, the JUnit report is
published, the site deployed to GitHub Pages, and every action pinned as iamspec is: `uses:
OWNER/REPO@ID   # vX.Y.Z`, a full commit id with the release it is (zizmor's unpinned-uses, which
scripts/test runs too, checks only the id).
In both, each of the three test-framework runners (the pytest plugin, the node:test runner, the
JUnit 5 suite) runs in a job of its own that needs the build job, takes the tool and the Kits
from its artifact, installs its kit as a package (pip, npm, scripts/build-kit-jars: Kits/*/README.md,
"Installing"), passes the baseline only once the file exists, and publishes a JUnit report every
reader counts: pytest's and JUnit 5's own, and for node:test iamspec's (`iamspec run --junit`), never
node's junit reporter, whose tests stand outside any <testsuite>.

Usage: check_ci_recipes.py GITHUB-WORKFLOW.yml GITLAB-CI.yml
"""

import re
import sys

from ruamel.yaml import YAML

# `--shard I/N`, where I may be a GitHub expression with spaces (`${{ matrix.shard }}/4`).
SHARD = re.compile(r"--shard\s+(\$\{\{.*?\}\}/\S+|\"[^\"]+\"|\S+)")
PINNED = re.compile(r"^[0-9a-f]{40}$")
# A step's action, by the line that names it: a commit id, then the release it is in a comment.
USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$")
PINNED_ACTION = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_./-]+@[0-9a-f]{40}$")
RELEASE_COMMENT = re.compile(r"^\s+#\s*v\d+\.\d+\.\d+\b")
# Each runner (Kits/*/README.md, "The suite as ... tests") by what its job's commands name: the
# install of its kit's package, and the command that runs the suite under it.
RUNNERS = {
    "pytest": (re.compile(r"\bpip install\b.*\bKits/python\b"), re.compile(r"-m pytest\b.*--pyargs iamspec_pytest\b")),
    "node:test": (re.compile(r"\bnpm install\b.*\bKits/node\b"), re.compile(r"\bnode --test\b")),
    "JUnit 5": (re.compile(r"\bscripts/build-kit-jars\b"), re.compile(r"\bdev\.iamspec\.kit\.junit\.IamspecSuite\b")),
}
BASELINE_GUARDS = ('[ -f "$IAMSPEC_BASELINE" ] || unset IAMSPEC_BASELINE',
                   'if [ -f "$IAMSPEC_BASELINE" ]; then set -- --baseline "$IAMSPEC_BASELINE"')
# The reserved top-level keys of .gitlab-ci.yml, which are not jobs.
GITLAB_KEYWORDS = {"default", "include", "stages", "variables", "workflow", "image", "services", "cache",
                   "before_script", "after_script", "spec"}


def load(path):
    with open(path, encoding="utf-8") as handle:
        return YAML(typ="safe").load(handle)


def commands(steps_or_script):
    """The shell text of a GitHub job's steps or a GitLab job's scripts, joined."""
    text = []
    for item in steps_or_script or []:
        if isinstance(item, dict):
            text.append(str(item.get("run", "")))
        else:
            text.append(str(item))
    return "\n".join(text)


def needs_of(job):
    needs = job.get("needs", [])
    needs = [needs] if isinstance(needs, str) else needs
    return {n if isinstance(n, str) else n.get("job") for n in needs}


def check_common(name, ref, jobs, shell, parallel_of, problems):
    if not PINNED.match(str(ref or "")):
        problems.append(f"{name}: IAMSPEC_REF is {ref!r}, expected a release's full 40-character commit id "
                        "(the repository carries no tags)")
    builders = [job for job in jobs if "swift build" in shell[job]]
    if len(builders) != 1:
        problems.append(f"{name}: {len(builders)} jobs build iamspec ({builders}), expected exactly one")
        return
    builder = builders[0]
    for needle in ("$IAMSPEC_REPOSITORY", "rev-parse HEAD", "swift --version"):
        if needle not in shell[builder]:
            problems.append(f"{name}: job {builder} does not use {needle} (the tool is fetched from "
                            "IAMSPEC_REPOSITORY and kept by the commit and toolchain it was built from)")
    tool_users = [job for job in jobs if job != builder and re.search(r"\biamspec (run|merge|report|docs)\b", shell[job])]
    for job in tool_users:
        if builder not in needs_of(jobs[job]):
            problems.append(f"{name}: job {job} runs the tool but does not need {builder}, which builds it")
    everything = "\n".join(shell.values())
    if not SHARD.search(everything):
        problems.append(f"{name}: no job runs a shard (--shard I/N)")
    for job in jobs:
        match = SHARD.search(shell[job])
        if match:
            parallel = parallel_of(jobs[job])
            total = match.group(1).strip("\"'").rpartition("/")[2]
            if total.isdigit() and int(total) != parallel:
                problems.append(f"{name}: job {job} runs shards of {total} in {parallel} parallel jobs")
            elif not total.isdigit() and parallel < 2:
                problems.append(f"{name}: job {job} shards by {total} but runs no parallel jobs")
    for needle, what in (("iamspec merge", "merges the shards' results"), ("iamspec docs", "builds the docs site"),
                         ("--summary", "writes the Markdown summary"), ("--junit", "writes a JUnit report")):
        if needle not in everything:
            problems.append(f"{name}: no job {what} ({needle})")
    return builder


def check_action_pins(path, problems):
    """Every `uses:` names its action by a full commit id and says which release that is."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            found = USES.match(line)
            if not found:
                continue
            action, rest = found.groups()
            if not PINNED_ACTION.match(action):
                problems.append(f"{path}:{number}: the action {action} is not pinned by a full commit id "
                                "(OWNER/REPO@ID, 40 hex digits), as IAMSPEC_REF pins iamspec")
            elif not RELEASE_COMMENT.match(rest):
                problems.append(f"{path}:{number}: the action {action} does not say which release its commit "
                                "is (a comment `# vX.Y.Z` after it)")


def check_github(path, problems):
    check_action_pins(path, problems)
    workflow = load(path)
    jobs = workflow.get("jobs", {})
    shell = {job: commands(body.get("steps")) for job, body in jobs.items()}

    def parallel(job):
        matrix = (job.get("strategy") or {}).get("matrix") or {}
        sizes = [len(values) for values in matrix.values() if isinstance(values, list)]
        return max(sizes, default=1)

    builder = check_common(path, (workflow.get("env") or {}).get("IAMSPEC_REF"), jobs, shell, parallel, problems)
    top = workflow.get("permissions")
    if top is None or (isinstance(top, dict) and top.get("contents") != "read") and top not in ("read-all",):
        problems.append(f"{path}: the workflow's permissions: should be contents: read (least privilege)")
    for job, body in jobs.items():
        uses = [step.get("uses", "") for step in body.get("steps") or [] if isinstance(step, dict)]
        effective = body.get("permissions", top)
        if any(u.startswith("actions/checkout@") for u in uses):
            if not (effective in ("read-all", "write-all") or (isinstance(effective, dict) and effective.get("contents") in ("read", "write"))):
                problems.append(f"{path}: job {job} checks out code but its permissions {dict(effective or {})} lack contents: read")
        if builder and job != builder and re.search(r"\biamspec/bin/iamspec\b", shell[job]):
            if not any(u.startswith("actions/download-artifact@") for u in uses):
                problems.append(f"{path}: job {job} runs the tool without downloading the {builder} artifact")
        if job == builder and "$IAMSPEC_REF" not in shell[job]:
            problems.append(f"{path}: job {job} does not fetch iamspec at $IAMSPEC_REF")
        for step in body.get("steps") or []:
            if isinstance(step, dict) and step.get("uses", "").startswith("actions/cache@"):
                key = str((step.get("with") or {}).get("key", ""))
                if "steps." not in key:
                    problems.append(f"{path}: job {job} caches by {key!r}, expected the key a step computes "
                                    "from the fetched commit and the toolchain")
    check_runner_jobs(path, jobs, shell, builder, "iamspec", lambda body: [
        str((step.get("with") or {}).get("report_paths")) for step in body.get("steps") or []
        if isinstance(step, dict) and step.get("uses", "").startswith("mikepenz/action-junit-report@")], problems)
    everything = "\n".join(shell.values()) + "\n" + str(workflow)
    for needle, what in (('--summary "$GITHUB_STEP_SUMMARY"', "writes the summary to the step summary"),
                         ("action-junit-report", "publishes the JUnit report"),
                         ("actions/deploy-pages", "deploys the site to GitHub Pages")):
        if needle not in everything:
            problems.append(f"{path}: no job {what} ({needle})")


def check_runner_jobs(path, jobs, shell, builder, artifact, published, problems):
    """Each runner in a job of its own that needs the build job, installs its kit from the build's
    artifact (the folder `artifact`), passes the baseline once it exists, and publishes a report
    (`published(job)`, the paths) every JUnit reader counts."""
    for runner, (install, run) in RUNNERS.items():
        found = [job for job in jobs if run.search(shell[job])]
        if len(found) != 1:
            problems.append(f"{path}: {len(found)} jobs run the suite under {runner} ({run.pattern}), expected one")
            continue
        job, body = found[0], jobs[found[0]]
        text = shell[job]
        if builder not in needs_of(body):
            problems.append(f"{path}: job {job} runs {runner} without needing {builder}")
        if not install.search(text) or f"{artifact}/" not in "".join(line for line in text.splitlines() if install.search(line)):
            problems.append(f"{path}: job {job} does not install the kit's package from the {builder} artifact "
                            f"({install.pattern}, under {artifact}/)")
        environment = body.get("env") or body.get("variables") or {}
        if environment.get("IAMSPEC") != f"{artifact}/bin/iamspec":
            problems.append(f"{path}: job {job} does not point {runner} at the artifact's tool (IAMSPEC: {artifact}/bin/iamspec)")
        if runner != "node:test" and environment.get("IAMSPEC_SPECS") != f"{artifact}/Specs":
            problems.append(f"{path}: job {job} does not point {runner} at the artifact's Specs (IAMSPEC_SPECS: {artifact}/Specs)")
        if not any(guard in text for guard in BASELINE_GUARDS):
            problems.append(f"{path}: job {job} passes IAMSPEC_BASELINE to {runner} whether or not the file exists")
        reports = published(body)
        if not reports:
            problems.append(f"{path}: job {job} does not publish {runner}'s JUnit report")
        if runner == "node:test":
            if "--test-reporter=junit" in text:
                problems.append(f"{path}: job {job} writes node's junit report, whose tests no reader counts (outside "
                                "any <testsuite>); publish iamspec's (iamspec run --junit) instead")
            written = {environment.get(name) for name in ("IAMSPEC_JUNIT",)} | set(re.findall(r'--junit\s+"?([^\s"]+)', text))
            if "--junit" not in text or not set(reports) & written:
                problems.append(f"{path}: job {job} publishes {reports}, expected iamspec's JUnit report of the run "
                                "node:test reads (iamspec run --junit FILE, FILE published)")


def check_gitlab(path, problems):
    pipeline = load(path)
    jobs = {name: body for name, body in pipeline.items() if name not in GITLAB_KEYWORDS and not name.startswith(".")}
    shell = {job: commands((body.get("before_script") or []) + (body.get("script") or [])) for job, body in jobs.items()}

    def parallel(job):
        value = job.get("parallel", 1)
        return value if isinstance(value, int) else 1

    builder = check_common(path, (pipeline.get("variables") or {}).get("IAMSPEC_REF"), jobs, shell, parallel, problems)
    if builder:
        if "$IAMSPEC_REF" not in shell[builder]:
            problems.append(f"{path}: job {builder} does not fetch iamspec at $IAMSPEC_REF")
        if "dist/" not in str((jobs[builder].get("artifacts") or {}).get("paths")):
            problems.append(f"{path}: job {builder} passes no built tool on as an artifact (dist/)")
    for job, body in jobs.items():
        if "--junit" in shell[job] and "junit" not in str((body.get("artifacts") or {}).get("reports", {})):
            problems.append(f"{path}: job {job} writes a JUnit report but does not publish it (artifacts: reports: junit)")
    check_runner_jobs(path, jobs, shell, builder, "dist", gitlab_junit_reports, problems)


def gitlab_junit_reports(job):
    """The paths a GitLab job publishes as `artifacts: reports: junit` (one, or a list)."""
    junit = ((job.get("artifacts") or {}).get("reports") or {}).get("junit")
    return [junit] if isinstance(junit, str) else [str(path) for path in junit or []]


def check_placeholder(path, problems):
    """The address iamspec is fetched from is a placeholder, and its line says to replace it."""
    with open(path, encoding="utf-8") as handle:
        lines = [line for line in handle if line.lstrip().startswith("IAMSPEC_REPOSITORY:")]
    if len(lines) != 1 or "YOUR-ORG" not in lines[0] or "# replace with where you host iamspec" not in lines[0]:
        problems.append(f"{path}: IAMSPEC_REPOSITORY's line is {lines!r}, expected the placeholder address "
                        "(YOUR-ORG) with the comment `# replace with where you host iamspec`")


def main(github_path, gitlab_path):
    problems = []
    check_placeholder(github_path, problems)
    check_placeholder(gitlab_path, problems)
    check_github(github_path, problems)
    check_gitlab(gitlab_path, problems)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(f"{github_path}, {gitlab_path}: pinned iamspec, built once and passed on, sharded, merged; "
          "JUnit, summary and site published; contents: read wherever code is checked out; the suite under pytest, "
          "node:test and JUnit 5 in a job each")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    sys.exit(main(*sys.argv[1:]))
