"""Runs a CI recipe's pipeline here, job after job, in scratch folders (run_ci_recipes.py): each job
in a fresh clone of the repository standing in for an engine's own, its shell steps run by bash as
the CI system would (GitHub: `bash -e`, GitLab: `bash -eo pipefail`, one session per job), and the
CI system's own parts done by this module instead:

- GitHub: `actions/checkout` (a clone), `actions/cache` (a folder per key, restored before the
  step and saved at the end of a job that succeeded after a miss), `actions/upload-artifact` and
  `actions/download-artifact` (a folder per artifact; `pattern` and `merge-multiple`),
  `mikepenz/action-junit-report` (its files must be JUnit XML, else the step fails), `actions/upload-pages-artifact`
  (a folder with an index.html), `actions/deploy-pages` and `actions/setup-node` (this machine's
  node, which must be on PATH, stands in for the one it installs); `if:` and `${{ }}` through
  github_expressions.py; jobs in `needs` order, a `matrix` as one job per value;
- GitLab: `needs` (artifacts of the needed jobs, else of every earlier stage), `when`,
  `parallel` (CI_NODE_INDEX, CI_NODE_TOTAL), `cache` (a folder per key, expanded as GitLab expands
  `$VARIABLE`), `artifacts` (`paths`, `reports: junit`, whose problem is recorded in the job's
  `junit_problem`, `when`), and `rules` of the form `if: $A == $B`.

Images and containers are not emulated: steps run on this machine, with a PATH whose first folder
holds stand-ins for the package manager (apt-get), since the packages the recipes install are
here already and the network is not. Whatever a recipe uses that this module does not know is an
error (NotEmulated), never skipped.

Each step's exit status and time are recorded, and each job's start and, when the engine it ran
left one (first_case_clock.py writes FIRST_CASE_MARKER in the job's folder), the time it received
its first case: the time to the first case.
"""

import fnmatch
import glob
import itertools
import os
import re
import shutil
import subprocess
import time
from dataclasses import dataclass, field

import safe_xml
from github_expressions import Evaluator

# The file, in a job's folder, where an engine behind first_case_clock.py writes when its first case came.
FIRST_CASE_MARKER = ".first-case"


class NotEmulated(Exception):
    """A recipe uses a part of the CI system this module does not stand in for."""


@dataclass
class StepRun:
    job: str
    name: str
    status: int = None          # exit status; None when the step did not run
    seconds: float = 0.0
    script: str = ""
    log: str = ""


@dataclass
class JobRun:
    name: str
    status: str = "skipped"     # success, failure or skipped
    started: float = None       # time.time()
    steps: list = field(default_factory=list)
    workspace: str = ""
    junit_problem: str = None   # GitLab: why its `reports: junit` files are not JUnit reports

    @property
    def first_case_at(self):
        """time.time() when the job's engine received its first case, or None."""
        marker = os.path.join(self.workspace, FIRST_CASE_MARKER)
        if not self.workspace or not os.path.isfile(marker):
            return None
        with open(marker, encoding="utf-8") as handle:
            return float(handle.read())


@dataclass
class PipelineRun:
    jobs: list = field(default_factory=list)

    def job(self, name):
        """The one run of the job named so (a matrix's or parallel job's instances: `name 2`)."""
        found = [job for job in self.jobs if job.name == name]
        if len(found) != 1:
            raise KeyError(f"{len(found)} runs of the job {name!r}: {[job.name for job in self.jobs]}")
        return found[0]

    def runs_of(self, prefix):
        return [job for job in self.jobs if job.name == prefix or job.name.startswith(prefix + " ")]

    def step(self, job, text):
        """The step of the job whose name or script contains `text`."""
        found = [step for step in self.job(job).steps if text in step.name or text in step.script]
        if len(found) != 1:
            raise KeyError(f"{len(found)} steps of {job!r} with {text!r}")
        return found[0]


class Machine:
    """What every job of every pipeline shares: the repository to clone, the stores standing in for
    the CI system's caches, the stand-in commands, the environment, and a folder for the logs."""

    def __init__(self, work, repository, stand_ins, environment):
        self.work = work
        self.repository = repository
        self.stand_ins = stand_ins
        self.environment = environment
        self.caches = os.path.join(work, "caches")
        self.runs = 0

    def new_folder(self, name):
        self.runs += 1
        folder = os.path.join(self.work, "runs", f"{self.runs:03d}-{re.sub(r'[^A-Za-z0-9.-]+', '-', name)}")
        os.makedirs(folder)
        return folder

    def base_environment(self, workspace):
        environment = dict(self.environment)
        environment["PATH"] = self.stand_ins + os.pathsep + environment.get("PATH", os.defpath)
        environment["CI"] = "true"
        environment["HOME"] = environment.get("HOME", workspace)
        return environment

    def clone(self, workspace):
        subprocess.run(["git", "clone", "--quiet", self.repository, workspace], check=True)

    def shell(self, job, name, script, workspace, environment, options):
        """Runs the script with bash in the workspace; a StepRun with its status and times."""
        run = StepRun(job=job, name=name, script=script)
        folder = os.path.dirname(workspace)
        index = sum(1 for entry in os.listdir(folder) if entry.endswith(".sh")) + 1
        path = os.path.join(folder, f"step-{index:02d}.sh")
        run.log = os.path.join(folder, f"step-{index:02d}.log")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(script)
        started = time.monotonic()
        with open(run.log, "w", encoding="utf-8") as log:
            run.status = subprocess.run(["bash", "--noprofile", "--norc", *options, path], cwd=workspace,
                                        env=environment, stdout=log, stderr=subprocess.STDOUT).returncode
        run.seconds = time.monotonic() - started
        return run


def copy_into(source, destination):
    """Copies a file or a folder's contents into the folder `destination`."""
    os.makedirs(destination, exist_ok=True)
    if os.path.isdir(source):
        shutil.copytree(source, destination, dirs_exist_ok=True, symlinks=True)
    else:
        shutil.copy2(source, destination)


def junit_problem(paths):
    """Why the files are not JUnit reports (none, or one that is not), or None."""
    if not paths:
        return "no JUnit report"
    for path in paths:
        try:
            root = safe_xml.parse(path).getroot()
        except safe_xml.ElementTree.ParseError as error:
            return f"{path} is not XML: {error}"
        if root.tag not in ("testsuites", "testsuite"):
            return f"{path} is not a JUnit report (its root is <{root.tag}>)"
    return None


# --- GitHub Actions ---------------------------------------------------------------------------


class GitHubActions:
    """A workflow run: jobs in `needs` order, their artifacts in `self.artifacts`."""

    def __init__(self, machine, workflow, variables):
        self.machine = machine
        self.workflow = workflow
        self.variables = variables
        self.artifacts = os.path.join(machine.new_folder("github-artifacts"))
        self.cache_store = os.path.join(machine.caches, "github")

    def run(self):
        pipeline = PipelineRun()
        finished = {}
        for name in self.order():
            job = self.workflow.jobs[name]
            needs_succeeded = all(run.status == "success" for need in job.needs for run in finished[need])
            runs = []
            values = list(itertools.product(*job.matrix.values())) if job.matrix else [()]
            for combination in values:
                matrix = dict(zip(job.matrix.keys(), combination))
                label = " ".join([name] + [str(value) for value in combination])
                contexts = {"matrix": matrix, "vars": self.variables, "github": {"ref": "refs/heads/main"},
                            "steps": {}, "env": {}}
                evaluator = Evaluator(contexts, "success" if needs_succeeded else "failure")
                run = JobRun(name=label)
                if evaluator.condition(job.condition or "success()"):
                    self.run_job(job, run, contexts)
                runs.append(run)
                pipeline.jobs.append(run)
            finished[name] = runs
        return pipeline

    def order(self):
        done, order = set(), []
        while len(order) < len(self.workflow.jobs):
            ready = [name for name, job in self.workflow.jobs.items()
                     if name not in done and all(need in done for need in job.needs)]
            if not ready:
                raise NotEmulated("the jobs' needs form a cycle")
            order += ready
            done.update(ready)
        return order

    def run_job(self, job, run, contexts):
        folder = self.machine.new_folder(run.name)
        run.workspace = os.path.join(folder, "workspace")
        os.makedirs(run.workspace)
        run.started = time.time()
        status = "success"
        environment = self.machine.base_environment(run.workspace)
        environment["GITHUB_WORKSPACE"] = run.workspace
        evaluator = Evaluator(contexts)
        for key, value in {**self.workflow.env, **job.env}.items():
            environment[key] = evaluator.interpolate(value)
        contexts["env"] = dict(environment)
        saves = []
        for step in job.steps:
            evaluator = Evaluator(contexts, status)
            if not evaluator.condition(step.condition or "success()"):
                run.steps.append(StepRun(job=run.name, name=step.name, script=step.run or step.uses))
                continue
            outputs = {}
            if step.run is not None:
                script = evaluator.interpolate(step.run)
                step_environment = dict(environment)
                step_environment.update({key: evaluator.interpolate(value) for key, value in step.env.items()})
                output_file = os.path.join(folder, f"output-{len(run.steps)}")
                summary_file = os.path.join(folder, f"summary-{len(run.steps)}.md")
                step_environment["GITHUB_OUTPUT"], step_environment["GITHUB_STEP_SUMMARY"] = output_file, summary_file
                open(output_file, "w").close()
                open(summary_file, "w").close()
                step_run = self.machine.shell(run.name, evaluator.interpolate(step.name), script, run.workspace,
                                              step_environment, ["-e"])
                with open(output_file, encoding="utf-8") as handle:
                    for line in handle:
                        key, _, value = line.rstrip("\n").partition("=")
                        outputs[key] = value
            else:
                step_run = StepRun(job=run.name, name=step.name, script=step.uses)
                started = time.monotonic()
                step_run.status = self.action(step, evaluator, run.workspace, outputs, saves)
                step_run.seconds = time.monotonic() - started
            run.steps.append(step_run)
            if step.id:
                contexts["steps"][step.id] = {"outputs": outputs,
                                              "outcome": "success" if step_run.status == 0 else "failure"}
            if step_run.status != 0:
                status = "failure"
        if status == "success":
            for key, path in saves:
                source = os.path.join(run.workspace, path)
                if os.path.exists(source):
                    copy_into(source, os.path.join(self.cache_store, key, path))
        run.status = status

    def action(self, step, evaluator, workspace, outputs, saves):
        """Does what the action would; its exit status."""
        name, _, _ = step.uses.partition("@")
        inputs = {key: evaluator.interpolate(str(value).lower() if isinstance(value, bool) else str(value))
                  for key, value in step.inputs.items()}
        if name == "actions/checkout":
            # persist-credentials: false keeps the token out of .git/config; the stand-in has none.
            if {key: value for key, value in inputs.items() if (key, value) != ("persist-credentials", "false")}:
                raise NotEmulated(f"actions/checkout with {sorted(inputs)}")
            os.rmdir(workspace)
            self.machine.clone(workspace)
        elif name == "actions/cache":
            key, path = inputs["key"], inputs["path"]
            if "\n" in path.strip() or not key:
                raise NotEmulated(f"actions/cache of several paths, or with an empty key ({key!r})")
            stored = os.path.join(self.cache_store, key, path)
            hit = os.path.exists(stored)
            if hit:
                copy_into(stored, os.path.join(workspace, path))
            else:
                saves.append((key, path))
            outputs["cache-hit"] = "true" if hit else "false"
        elif name == "actions/upload-artifact":
            artifact = os.path.join(self.artifacts, inputs["name"])
            if os.path.exists(artifact):
                raise AssertionError(f"two artifacts named {inputs['name']}")
            found = [match for pattern in inputs["path"].split() for match in glob.glob(os.path.join(workspace, pattern))]
            if not found:
                return 1
            for match in found:
                copy_into(match, artifact)
        elif name == "actions/download-artifact":
            destination = os.path.join(workspace, inputs.get("path", "."))
            if "name" in inputs:
                source = os.path.join(self.artifacts, inputs["name"])
                if not os.path.isdir(source):
                    return 1
                copy_into(source, destination)
            else:
                names = sorted(n for n in os.listdir(self.artifacts) if fnmatch.fnmatch(n, inputs.get("pattern", "*")))
                for artifact in names:
                    target = destination if inputs.get("merge-multiple") == "true" else os.path.join(destination, artifact)
                    copy_into(os.path.join(self.artifacts, artifact), target)
        elif name == "mikepenz/action-junit-report":
            problem = junit_problem(glob.glob(os.path.join(workspace, inputs["report_paths"])))
            if problem:
                print(f"{step.uses}: {problem}")
                return 1
        elif name == "actions/upload-pages-artifact":
            site = os.path.join(workspace, inputs["path"])
            if not os.path.isfile(os.path.join(site, "index.html")):
                return 1
            copy_into(site, os.path.join(self.artifacts, "github-pages"))
        elif name == "actions/setup-node":
            # The node here stands in for the one the action installs, whatever node-version asks.
            found = shutil.which("node", path=self.machine.base_environment(workspace)["PATH"])
            if found is None:
                print(f"{step.uses}: no node on PATH to stand in for node {inputs.get('node-version')}")
                return 1
        elif name == "actions/deploy-pages":
            if not os.path.isfile(os.path.join(self.artifacts, "github-pages", "index.html")):
                return 1
            outputs["page_url"] = "https://example.invalid/"
        else:
            raise NotEmulated(f"the action {step.uses}")
        return 0


# --- GitLab CI --------------------------------------------------------------------------------


def expand(text, variables):
    """`$NAME` and `${NAME}` replaced as GitLab expands them in keys and rules (unknown: empty)."""
    return re.sub(r"\$(?:\{(\w+)\}|(\w+))", lambda m: variables.get(m.group(1) or m.group(2), ""), text)


class GitLabCI:
    """A pipeline run: stages in order, each stage's jobs in file order."""

    def __init__(self, machine, pipeline, project_variables):
        self.machine = machine
        self.pipeline = pipeline
        # Project CI/CD variables win over the file's (GitLab's precedence).
        self.project_variables = project_variables
        self.cache_store = os.path.join(machine.caches, "gitlab")
        self.artifacts = {}  # job run name -> folder

    def run(self):
        pipeline = PipelineRun()
        finished = {}
        for stage in self.pipeline.stages:
            for name, job in self.pipeline.jobs.items():
                if job.stage != stage:
                    continue
                upstream = job.needs if job.needs else [
                    other for other, body in self.pipeline.jobs.items()
                    if self.pipeline.stages.index(body.stage) < self.pipeline.stages.index(stage)]
                upstream_runs = [run for need in upstream for run in finished.get(need, [])]
                succeeded = all(run.status != "failure" for run in upstream_runs)
                runs = []
                for index in range(1, job.parallel + 1):
                    label = f"{name} {index}" if job.parallel > 1 else name
                    variables = {**self.pipeline.variables, **job.variables, **self.project_variables,
                                 "CI": "true", "CI_COMMIT_BRANCH": "main", "CI_DEFAULT_BRANCH": "main"}
                    if job.parallel > 1:
                        variables.update(CI_NODE_INDEX=str(index), CI_NODE_TOTAL=str(job.parallel))
                    run = JobRun(name=label)
                    if self.runs(job, succeeded, variables):
                        self.run_job(job, run, variables, upstream_runs)
                    runs.append(run)
                    pipeline.jobs.append(run)
                finished[name] = runs
        return pipeline

    @staticmethod
    def runs(job, upstream_succeeded, variables):
        when = job.when
        for rule in job.rules:
            condition = rule.get("if")
            match = re.fullmatch(r"\s*(\$\w+)\s*(==|!=)\s*(\$\w+)\s*", condition or "")
            if not match or set(rule) - {"if", "when"}:
                raise NotEmulated(f"the rule {rule}")
            equal = expand(match.group(1), variables) == expand(match.group(3), variables)
            if equal == (match.group(2) == "=="):
                when = rule.get("when", job.when)
                break
        else:
            if job.rules:
                return False
        if when == "always":
            return True
        if when == "on_success":
            return upstream_succeeded
        raise NotEmulated(f"when: {when}")

    def run_job(self, job, run, variables, upstream_runs):
        folder = self.machine.new_folder(run.name)
        run.workspace = os.path.join(folder, "workspace")
        run.started = time.time()
        self.machine.clone(run.workspace)
        environment = self.machine.base_environment(run.workspace)
        environment.update(variables)
        environment["CI_PROJECT_DIR"] = run.workspace
        for upstream in upstream_runs:
            if upstream.name in self.artifacts:
                copy_into(self.artifacts[upstream.name], run.workspace)
        cache_key = expand(str(job.cache.get("key", "default")), variables) if job.cache else None
        if cache_key and os.path.isdir(os.path.join(self.cache_store, cache_key)):
            copy_into(os.path.join(self.cache_store, cache_key), run.workspace)
        step = self.machine.shell(run.name, "script", "\n".join(job.script) + "\n", run.workspace, environment,
                                  ["-eo", "pipefail"])
        run.steps.append(step)
        run.status = "success" if step.status == 0 else "failure"
        if cache_key and run.status == "success":
            saved = os.path.join(self.cache_store, cache_key)
            shutil.rmtree(saved, ignore_errors=True)
            for path in job.cache.get("paths", []):
                for match in glob.glob(os.path.join(run.workspace, path)):
                    copy_into(match, os.path.join(saved, os.path.relpath(match, run.workspace)))
        artifacts = job.artifacts
        if artifacts and (artifacts.get("when", "on_success") == "always" or run.status == "success"):
            kept = os.path.join(folder, "artifacts")
            reports = [path for paths in (artifacts.get("reports") or {}).values()
                       for path in ([paths] if isinstance(paths, str) else paths)]
            for pattern in list(artifacts.get("paths", [])) + reports:
                for match in glob.glob(os.path.join(run.workspace, pattern)):
                    copy_into(match, os.path.join(kept, os.path.dirname(os.path.relpath(match, run.workspace)))
                              if os.path.isfile(match) else os.path.join(kept, os.path.relpath(match, run.workspace)))
            junit = (artifacts.get("reports") or {}).get("junit")
            if junit:
                run.junit_problem = junit_problem(glob.glob(os.path.join(run.workspace, junit)))
            self.artifacts[run.name] = kept
