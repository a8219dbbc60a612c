"""Runs the CI recipes of Examples/ci as written, here, and checks what they do (scripts/test, stage
"CI recipes run"): their shell steps (ci_recipe_jobs.py) in scratch clones of a git repository
standing in for an engine's own, the CI systems' parts stood in for by ci_recipe_pipelines.py.

iamspec comes from a bare clone of this checkout standing in for the public repository, exactly
as cloned: nothing is created in it (no tag, no commit; the repository carries its main branch
only). The recipes pin a release's full commit id (IAMSPEC_REF), which must be one the clone has,
and run at it as written: the release's tool, Specs and Kits, whatever main has since (a recipe
that needs something newer than its pin fails here, as it would for a user). The recipes fetch it
through IAMSPEC_REPOSITORY, the variable they document for that (a GitHub repository variable, a
GitLab project variable), since the network is not available.

The engine stands behind first_case_clock.py, which notes when it receives its first case. Five
pipeline runs at the pin, each checked (every job's status, every step's exit status the recipes'
comments state, the reports):
1. GitHub Actions, an engine that passes or skips every case (Fixtures/engines/example_engine.py),
   no baseline file, nothing cached: the tool is built; every job succeeds, the site and JUnit are
   published, and the three runners' jobs (pytest, node:test, JUnit 5) publish reports holding a
   test per case run (check_runner_tests.py, against the merged run). Time to the first case, cold.
2. GitHub Actions, an engine with one rule broken (broken_priority_ties.py), no baseline: the tool
   comes from the cache (no build); the shards with that rule's cases exit 1, the others 0; the
   report job still runs: `iamspec merge` exits 0, `iamspec report` 1 (the run failed) after
   writing the summary, `iamspec docs` 0, and the site is deployed; each runner exits 1 and its
   report fails exactly the failed runs. Time to the first case, warm (must be at most 30 s).
3. GitLab CI, the same engine, no baseline: its cache holds the tool of the same commit and
   toolchain (the build script of both recipes is the same text, checked here, so this is what
   GitLab's own build would have cached); shards fail as above; the site job runs anyway, builds
   the site, writes the summary naming the failing rule and fails at `iamspec report`; the site
   is deployed.
4. The baseline made with the command the recipes' comments give, committed; GitHub Actions
   again: every job succeeds, the failures now expected (skipped in the summary, and skipped tests
   under each runner, with iamspec's `expected failure: ...`).
5. GitLab CI with that baseline: every job succeeds, and the whole run's summary counts the
   expected failures as skipped, none failed.
`--at head` runs main's recipes with main instead, as the recipes' comment says to move the pin
(IAMSPEC_REF set to HEAD's full id; the working tree's uncommitted changes are not in it): 6. GitHub
Actions, the conformant engine, no baseline: every job succeeds. So the next release, once pinned,
is known to run them. Its build job reuses `--tool`, the release build of this checkout that
scripts/test made already, put in the stand-in cache under the key the recipe computes (HEAD's id
and the toolchain's), when the working tree has no uncommitted change to a tracked file (the tool is
then HEAD's); without `--tool`, or with such a change, the build job builds HEAD's tool itself. A
checkout whose HEAD is the pinned release has nothing more to run at HEAD (exit 77).

The jobs' PATH holds the stand-ins first (apt-get, whose packages are here), then the folder of
the Python running this script (scripts/test's .venv, whose pytest stands in for the image's
python3-pytest), then this machine's; actions/setup-node stands in by this machine's node.

Usage: run_ci_recipes.py CHECKOUT GITHUB-WORKFLOW.yml GITLAB-CI.yml WORK [--at pin|head] [--tool PATH]
Exit status 0 when every check holds, 1 otherwise, 77 (skipped) when git, swift, make, bash or
python3 is missing, or with `--at head` when HEAD is the pinned release.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile

import ci_recipe_jobs
from ci_recipe_pipelines import FIRST_CASE_MARKER, GitHubActions, GitLabCI, Machine

WARM_LIMIT_SECONDS = 30
COMMIT_ID = re.compile(r"^[0-9a-f]{40}$")
ENGINES = {"conformant": "Fixtures/engines/example_engine.py", "broken": "Fixtures/engines/broken_priority_ties.py"}


class Checks:
    def __init__(self):
        self.problems = []

    def expect(self, condition, problem):
        if not condition:
            self.problems.append(problem)
            print(f"  FAIL: {problem}", flush=True)
        return condition


def git(*arguments, cwd=None, environment=None, capture=False):
    result = subprocess.run(["git", *arguments], cwd=cwd, env=environment, check=True, text=True,
                            stdout=subprocess.PIPE if capture else subprocess.DEVNULL)
    return result.stdout.strip() if capture else None


def stand_in_remote(checkout, remote, pinned):
    """A bare clone of the checkout, as it is: creates nothing in it. Checks that the recipes' pin,
    `pinned`, is a full commit id the clone has, which the recipes are run at; returns the id of the
    checkout's HEAD, which main's recipes are run at with `--at head`."""
    git("clone", "--bare", "--quiet", checkout, remote)
    head = git("rev-parse", "HEAD", cwd=checkout, capture=True)
    if not COMMIT_ID.match(pinned or ""):
        raise SystemExit(f"error: the recipes pin {pinned!r}; expected a release's full 40-character commit id "
                         "(the repository carries no tags)")
    for commit, what in ((pinned, "the recipes' pin"), (head, "the checkout's HEAD")):
        present = subprocess.run(["git", "-C", remote, "cat-file", "-e", f"{commit}^{{commit}}"])
        if present.returncode != 0:
            raise SystemExit(f"error: {what}, {commit}, is not in a clone of this checkout; expected a commit it "
                             "carries (a shallow clone lacks older releases: fetch the whole history)")
    dirty = git("status", "--porcelain", "--untracked-files=no", cwd=checkout, capture=True)
    print(f"iamspec: the recipes pin {pinned}, which a clone of this checkout has; HEAD is {head}"
          + (" (the working tree's uncommitted changes are not in it)" if dirty else ""))
    return head


class EngineRepository:
    """The repository standing in for an engine's own: a Makefile whose `my-engine` target writes the
    program `./my-engine`, and, once made, the baseline."""

    def __init__(self, folder, checkout):
        self.folder = folder
        self.checkout = checkout
        git("init", "--quiet", "--initial-branch=main", folder)
        git("config", "user.name", "engine team", cwd=folder)
        git("config", "user.email", "team@example.invalid", cwd=folder)
        with open(os.path.join(folder, ".gitignore"), "w", encoding="utf-8") as handle:
            handle.write(f"/my-engine\n/{FIRST_CASE_MARKER}\n")

    def add_node_test_file(self, lines):
        """The test file the recipes' node-test job runs, test/iamspec.test.mjs, committed."""
        os.makedirs(os.path.join(self.folder, "test"), exist_ok=True)
        with open(os.path.join(self.folder, "test", "iamspec.test.mjs"), "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
        self.commit("the suite as node:test tests")

    def use_engine(self, kind):
        """`make my-engine` writes `./my-engine`: the engine behind first_case_clock.py, which notes
        in the job's folder when the first case came."""
        program = os.path.join(self.checkout, ENGINES[kind])
        clock = os.path.join(os.path.dirname(os.path.abspath(__file__)), "first_case_clock.py")
        with open(os.path.join(self.folder, "Makefile"), "w", encoding="utf-8") as handle:
            handle.write("# The engine under test: a program speaking iamspec's stdio protocol.\n"
                         "my-engine:\n"
                         f"\tprintf '#!/bin/sh\\nexec python3 %s %s python3 %s \"$$@\"\\n' '{clock}' "
                         f"'{FIRST_CASE_MARKER}' '{program}' > my-engine\n"
                         "\tchmod +x my-engine\n")
        self.commit(f"the {kind} engine")

    def commit(self, message):
        git("add", "-A", cwd=self.folder)
        git("commit", "--quiet", "--allow-empty", "-m", message, cwd=self.folder)


def comment_command(recipe_path, needle):
    """The command a recipe's comment gives (a comment line holding `needle`), without the `#`."""
    with open(recipe_path, encoding="utf-8") as handle:
        for line in handle:
            text = line.strip()
            if text.startswith("#") and needle in text:
                return text.lstrip("#").strip()
    raise SystemExit(f"error: {recipe_path} has no comment with {needle!r}")


def node_test_file(recipe_path):
    """The lines of test/iamspec.test.mjs, the file a recipe's node-test job runs, as the recipe's
    comment gives them: the indented comment lines after the one naming the file."""
    with open(recipe_path, encoding="utf-8") as handle:
        comments = [line.rstrip("\n") for line in handle if line.lstrip().startswith("#")]
    start = next((index for index, line in enumerate(comments) if "test/iamspec.test.mjs" in line), None)
    if start is None:
        raise SystemExit(f"error: {recipe_path} has no comment naming test/iamspec.test.mjs")
    lines = []
    for line in comments[start + 1:]:
        code = re.match(r"^\s*#\s{3,}(\S.*)$", line)
        if not code:
            break
        lines.append(code.group(1))
    if not lines:
        raise SystemExit(f"error: {recipe_path} gives no lines of test/iamspec.test.mjs after the comment naming it")
    return lines


def build_script(text):
    """The lines of a recipe's build-or-reuse script, from its `key=` line to its `fi`, stripped."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    start = next(index for index, line in enumerate(lines) if line.startswith("key="))
    end = next(index for index in range(start, len(lines)) if lines[index] == "fi")
    return lines[start:end + 1]


def statuses(pipeline, prefix, text):
    return [pipeline.step(job.name, text).status for job in pipeline.runs_of(prefix)]


def first_case_seconds(pipeline, build_job, first_shard):
    start, first = pipeline.job(build_job).started, pipeline.job(first_shard).first_case_at
    return None if first is None else first - start


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def check_pipeline(checks, what, pipeline, expected):
    """Every job's status as `expected` (job name prefix to status)."""
    for job in pipeline.jobs:
        for prefix, status in expected.items():
            if job.name == prefix or job.name.startswith(prefix + " "):
                checks.expect(job.status == status, f"{what}: job {job.name} {job.status}, expected {status}"
                              + "".join(f"\n    step {step.name!r}: exit {step.status}, log {step.log}"
                                        for step in job.steps if step.status not in (0, None)))


# Each runner's job and the report it publishes, by flavour (check_runner_tests.py): the node:test
# job publishes iamspec's own JUnit report of the run node:test reads.
RUNNER_REPORTS = {"pytest": ("pytest", "pytest.xml"), "node-test": ("iamspec", "node-test.xml"),
                  "junit5": ("junit5", "junit5/TEST-junit-jupiter.xml")}


GITHUB_RUN = ("report", "results.jsonl", "junit.xml")
GITLAB_RUN = ("node-test", "node-test.jsonl", "node-test.xml")


def check_runners(checks, what, run, status, reference):
    """Each runner's job ended with `status` (success or failure) and its report holds a test per
    case run of the whole run `reference` (a job and its results stream and JUnit report: GitHub's
    report job's merged stream, GitLab's node-test job's run), each with the outcome iamspec's JUnit
    report of that stream gives it, and junitparser and xunitparser count them all
    (check_runner_tests.py)."""
    job, stream, report = reference
    results = os.path.join(run.job(job).workspace, stream)
    junit = os.path.join(run.job(job).workspace, report)
    checker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_runner_tests.py")
    for job, (flavour, report) in RUNNER_REPORTS.items():
        ran = run.job(job)
        checks.expect(ran.status == status, f"{what}: job {job} {ran.status}, expected {status}"
                      + "".join(f"\n    step {step.name!r}: exit {step.status}, log {step.log}"
                                for step in ran.steps if step.status not in (0, None)))
        report_path = os.path.join(ran.workspace, report)
        if not checks.expect(os.path.isfile(report_path), f"{what}: job {job} wrote no {report}"):
            continue
        compared = subprocess.run([sys.executable, checker, flavour, report_path, results, junit],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        print(f"  {job}: {compared.stdout.strip().splitlines()[-1]}", flush=True)
        checks.expect(compared.returncode == 0, f"{what}: {job}'s report disagrees with the merged run:\n"
                      + compared.stdout[-2000:])


def seed_tool(machine, github, checkout, head, tool):
    """Puts `tool`, this checkout's own release build, in the GitHub cache stand-in under the key the
    recipe's build job computes for HEAD (its commit id and a hash of `swift --version`), as a run
    that built it would have saved it; returns why it did not when the working tree has uncommitted
    changes to tracked files (the tool would not be HEAD's), else None."""
    if git("status", "--porcelain", "--untracked-files=no", cwd=checkout, capture=True):
        return "the working tree has uncommitted changes, so the release build is not HEAD's tool"
    toolchain = subprocess.run(["bash", "-c", "swift --version 2>&1 | sha256sum | cut -c1-16"],
                               check=True, capture_output=True, text=True).stdout.strip()
    key = f"iamspec-{head}-{toolchain}"
    cached = next(step.inputs for step in github.jobs["iamspec"].steps
                  if step.uses and step.uses.startswith("actions/cache@"))["path"]
    folder = os.path.join(machine.caches, "github", key, cached)
    os.makedirs(folder)
    shutil.copy2(tool, os.path.join(folder, "iamspec"))
    # The build script reuses the folder when its `key` file holds the key it computed.
    with open(os.path.join(folder, "key"), "w", encoding="utf-8") as handle:
        handle.write(key + "\n")
    return None


def main(checkout, github_path, gitlab_path, work, at="pin", tool=None):
    for command in ("git", "swift", "make", "bash", "python3"):
        if shutil.which(command) is None:
            print(f"skipped: {command} not found; the CI recipes were not run")
            return 77
    checks = Checks()
    github = ci_recipe_jobs.github_workflow(github_path)
    gitlab = ci_recipe_jobs.gitlab_pipeline(gitlab_path)
    pinned = github.env.get("IAMSPEC_REF")
    checks.expect(pinned == gitlab.variables.get("IAMSPEC_REF"),
                  f"the recipes pin different versions: {pinned} and {gitlab.variables.get('IAMSPEC_REF')}")
    github_build = build_script(next(step.run for step in github.jobs["iamspec"].steps if step.run and "swift build" in step.run))
    gitlab_build = build_script("\n".join(gitlab.jobs["iamspec"].script))
    checks.expect(github_build == gitlab_build,
                  "the recipes' build scripts differ; expected the same text, so that one build checks both:\n"
                  + "\n".join(f"    {a!r} | {b!r}" for a, b in zip(github_build, gitlab_build) if a != b))

    os.makedirs(work, exist_ok=True)
    remote = os.path.join(work, "iamspec.git")
    # The recipes as written: at their pin, a release's full commit id.
    head = stand_in_remote(checkout, remote, pinned)
    if at == "head" and head == pinned:
        print("skipped: HEAD is the pinned release, which the recipes run at as written")
        return 77
    engine = EngineRepository(os.path.join(work, "engine"), checkout)
    node_test_lines = node_test_file(github_path)
    checks.expect(node_test_lines == node_test_file(gitlab_path),
                  "the recipes' comments give different test/iamspec.test.mjs files")
    engine.add_node_test_file(node_test_lines)
    stand_ins = os.path.join(work, "stand-ins")
    os.makedirs(stand_ins)
    with open(os.path.join(stand_ins, "apt-get"), "w", encoding="utf-8") as handle:
        handle.write("#!/bin/sh\necho \"apt-get (stand-in; the packages are here already): $*\"\n")
    os.chmod(os.path.join(stand_ins, "apt-get"), 0o755)
    environment = {key: os.environ[key] for key in ("PATH", "HOME", "LANG", "TMPDIR", "USER") if key in os.environ}
    environment["PATH"] = os.path.dirname(sys.executable) + os.pathsep + environment.get("PATH", os.defpath)
    machine = Machine(work, engine.folder, stand_ins, environment)
    variables = {"IAMSPEC_REPOSITORY": remote}
    figures = {}

    if at == "head":
        return run_at_head(checks, machine, engine, github, variables, checkout, head, tool)

    print("--- 1. GitHub Actions: a conformant engine, no baseline, nothing cached (cold)", flush=True)
    engine.use_engine("conformant")
    run = GitHubActions(machine, github, variables).run()
    check_pipeline(checks, "1", run, {"iamspec": "success", "shard": "success", "report": "success", "pages": "success"})
    build_log = read(run.step("iamspec", "swift build").log)
    checks.expect("reusing" not in build_log, "1: the build job reused a tool, expected a build with nothing cached")
    checks.expect(statuses(run, "shard", "iamspec run") == [0, 0, 0, 0], "1: shards exited "
                  f"{statuses(run, 'shard', 'iamspec run')}, expected 0 each")
    for text in ("iamspec merge", "iamspec report", "iamspec docs"):
        checks.expect(run.step("report", text).status == 0, f"1: {text} exited {run.step('report', text).status}, expected 0")
    site = os.path.join(run.job("report").workspace, "site")
    checks.expect(os.path.isfile(os.path.join(site, "index.html")) and os.path.isdir(os.path.join(site, "badges")),
                  "1: the report job built no site with badges")
    check_runners(checks, "1", run, "success", GITHUB_RUN)
    figures["cold"] = first_case_seconds(run, "iamspec", "shard 1")
    build_seconds = run.step("iamspec", "swift build").seconds
    packed = os.path.join(run.job("iamspec").workspace, "iamspec.tar.gz")

    print("--- 2. GitHub Actions: an engine with one rule broken, no baseline, the tool cached (warm)", flush=True)
    engine.use_engine("broken")
    run = GitHubActions(machine, github, variables).run()
    build_log = read(run.step("iamspec", "swift build").log)
    checks.expect("reusing" in build_log, "2: the build job built the tool again, expected it from the cache")
    shard_statuses = statuses(run, "shard", "iamspec run")
    checks.expect(set(shard_statuses) == {0, 1}, f"2: shards exited {shard_statuses}, expected 1 where the broken "
                  "rule's cases are and 0 elsewhere")
    check_pipeline(checks, "2", run, {"iamspec": "success", "report": "failure", "pages": "success"})
    for job, status in zip(run.runs_of("shard"), shard_statuses):
        checks.expect(job.status == ("failure" if status else "success"), f"2: {job.name} {job.status} after exit {status}")
    for text, status in (("iamspec merge", 0), ("iamspec report", 1), ("iamspec docs", 0)):
        checks.expect(run.step("report", text).status == status,
                      f"2: {text} exited {run.step('report', text).status}, expected {status} (the run failed)")
    check_runners(checks, "2", run, "failure", GITHUB_RUN)
    figures["warm"] = first_case_seconds(run, "iamspec", "shard 1")

    print("--- 3. GitLab CI: the same engine, no baseline, the tool cached", flush=True)
    key = next(name for name in os.listdir(os.path.join(machine.caches, "github")))
    gitlab_key = gitlab.jobs["iamspec"].cache["key"].replace("$IAMSPEC_REF", pinned)
    shutil.copytree(os.path.join(machine.caches, "github", key), os.path.join(machine.caches, "gitlab", gitlab_key))
    run = GitLabCI(machine, gitlab, variables).run()
    checks.expect("reusing" in read(run.job("iamspec").steps[0].log), "3: the build job built the tool, expected it cached")
    check_pipeline(checks, "3", run, {"iamspec": "success", "site": "failure", "pages": "success"})
    shard_statuses = [job.status for job in run.runs_of("conformance")]
    checks.expect(set(shard_statuses) == {"success", "failure"},
                  f"3: shards {shard_statuses}, expected failures where the broken rule's cases are only")
    for job in run.runs_of("conformance"):
        checks.expect(job.junit_problem is None, f"3: {job.name}: reports: junit: {job.junit_problem}")
    summary = read(os.path.join(run.job("site").workspace, "summary.md"))
    checks.expect("priority.ties-to-later" in summary, "3: summary.md does not name the failing rule")
    check_runners(checks, "3", run, "failure", GITLAB_RUN)
    figures["gitlab warm"] = first_case_seconds(run, "iamspec", "conformance 1")

    print("--- 4. The baseline, made as the recipes' comments say; GitHub Actions", flush=True)
    command = comment_command(github_path, "--update-baseline")
    checks.expect(command == comment_command(gitlab_path, "--update-baseline").replace("dist/", "iamspec/"),
                  "the recipes' comments give different commands to make the baseline")
    maker = os.path.join(work, "baseline-maker")
    git("clone", "--quiet", engine.folder, maker)
    os.makedirs(os.path.join(maker, "iamspec"))
    with tarfile.open(packed) as archive:
        archive.extractall(os.path.join(maker, "iamspec"), filter="tar")
    subprocess.run(["make", "--quiet", "my-engine"], cwd=maker, check=True)
    os.makedirs(os.path.join(maker, "ci"), exist_ok=True)
    made = subprocess.run(["bash", "-c", command], cwd=maker, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    baseline = github.env["IAMSPEC_BASELINE"]
    checks.expect(made.returncode == 0 and os.path.isfile(os.path.join(maker, baseline)),
                  f"4: `{command}` exited {made.returncode} and made {'a' if os.path.isfile(os.path.join(maker, baseline)) else 'no'} "
                  f"{baseline}: {made.stderr[-500:]}")
    os.makedirs(os.path.join(engine.folder, os.path.dirname(baseline)), exist_ok=True)
    shutil.copy(os.path.join(maker, baseline), os.path.join(engine.folder, baseline))
    engine.commit("the engine's baseline")
    run = GitHubActions(machine, github, variables).run()
    check_pipeline(checks, "4", run, {"iamspec": "success", "shard": "success", "report": "success", "pages": "success"})
    checks.expect(run.step("report", "iamspec report").status == 0, "4: iamspec report failed with the baseline")
    report_summary = read(os.path.join(os.path.dirname(run.job("report").workspace), "summary-%d.md" % next(
        index for index, step in enumerate(run.job("report").steps) if "iamspec report" in step.script)))
    checks.expect("passed" in report_summary.splitlines()[0] and "| 0 |" in report_summary,
                  f"4: the whole run's summary does not read as passed with the baseline: {report_summary[:300]!r}")
    check_runners(checks, "4", run, "success", GITHUB_RUN)

    print("--- 5. GitLab CI with the baseline", flush=True)
    run = GitLabCI(machine, gitlab, variables).run()
    check_pipeline(checks, "5", run, {"iamspec": "success", "conformance": "success", "site": "success"})
    summary = read(os.path.join(run.job("site").workspace, "summary.md"))
    checks.expect(summary.splitlines()[0].endswith(": passed"),
                  f"5: summary.md does not honour the baseline (its first line: {summary.splitlines()[0]!r})")
    check_runners(checks, "5", run, "success", GITLAB_RUN)

    print("--- time to the first case (from the build job's start to shard 1's first case; no container start, "
          "apt-get or queue between jobs)")
    for name, seconds in figures.items():
        print(f"  {name}: " + ("no case ran" if seconds is None else f"{seconds:.1f} s"))
    print(f"  (cold: the step that builds the tool took {build_seconds:.1f} s; load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} processors at the end)")
    checks.expect(figures["warm"] is not None and figures["warm"] <= WARM_LIMIT_SECONDS,
                  f"warm: the first case after {figures['warm']} s, expected at most {WARM_LIMIT_SECONDS} s")
    if checks.problems:
        print(f"run_ci_recipes: {len(checks.problems)} problems", file=sys.stderr)
        return 1
    print("run_ci_recipes: both recipes ran as written at their pin: built once then cached, sharded, merged; "
          "missing and present baselines; reports and site published; the suite under pytest, node:test and JUnit 5")
    return 0


def run_at_head(checks, machine, engine, github, variables, checkout, head, tool):
    """6: main's GitHub recipe at HEAD, the conformant engine, no baseline: every job succeeds; the
    build job reuses `tool` when seed_tool could put it in the cache, else builds HEAD's tool."""
    unseeded = "no release build given (--tool)" if tool is None else seed_tool(machine, github, checkout, head, tool)
    print(f"--- 6. main's recipes with main: GitHub Actions at HEAD ({head}), the conformant engine, no baseline, "
          + ("the tool built anew: " + unseeded if unseeded else "the tool given (--tool, this checkout's build) as cached"),
          flush=True)
    github.env["IAMSPEC_REF"] = head
    engine.use_engine("conformant")
    run = GitHubActions(machine, github, variables).run()
    check_pipeline(checks, "6", run, {"iamspec": "success", "shard": "success", "report": "success",
                                      "pages": "success"})
    reused = "reusing" in read(run.step("iamspec", "swift build").log)
    checks.expect(reused == (unseeded is None),
                  "6: the build job " + ("reused a tool, expected HEAD's built" if reused
                                         else "built the tool, expected the cached release build reused"))
    check_runners(checks, "6", run, "success", GITHUB_RUN)
    if checks.problems:
        print(f"run_ci_recipes: {len(checks.problems)} problems", file=sys.stderr)
        return 1
    print("run_ci_recipes: main's GitHub recipe ran with main: sharded, merged, reports and site published, "
          "the suite under pytest, node:test and JUnit 5")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("checkout")
    parser.add_argument("github")
    parser.add_argument("gitlab")
    parser.add_argument("work")
    parser.add_argument("--at", choices=("pin", "head"), default="pin",
                        help="the recipes as written, at their pin (pipelines 1 to 5), or main's recipes at HEAD (6)")
    parser.add_argument("--tool", help="with --at head: this checkout's release build of iamspec, reused as cached")
    arguments = parser.parse_args()
    sys.exit(main(arguments.checkout, arguments.github, arguments.gitlab, arguments.work, arguments.at, arguments.tool))
