"""The jobs of a CI recipe (Examples/ci), as run_ci_recipes.py runs them here: for each job, what it
needs, when it runs, and its steps in order, each a shell script (GitHub Actions `run:`, GitLab CI
`before_script:` and `script:` lines) or an action the runner stands in for (`uses:`).

Nothing is run or evaluated here: expressions (`${{ }}`, `$VARIABLE`) stay as written.
"""

from dataclasses import dataclass, field

from ruamel.yaml import YAML

# The reserved top-level keys of .gitlab-ci.yml, which are not jobs.
GITLAB_KEYWORDS = {"default", "include", "stages", "variables", "workflow", "image", "services", "cache",
                   "before_script", "after_script", "spec"}


@dataclass
class Step:
    """A GitHub step: `run` (shell) or `uses` (an action, with its `with`)."""
    name: str
    id: str = None
    condition: str = None
    run: str = None
    uses: str = None
    inputs: dict = field(default_factory=dict)
    env: dict = field(default_factory=dict)


@dataclass
class GitHubJob:
    name: str
    needs: list
    condition: str
    matrix: dict
    env: dict
    steps: list


@dataclass
class GitHubWorkflow:
    env: dict
    jobs: dict


@dataclass
class GitLabJob:
    name: str
    stage: str
    needs: list
    when: str
    parallel: int
    variables: dict
    script: list
    cache: dict
    artifacts: dict
    rules: list


@dataclass
class GitLabPipeline:
    variables: dict
    stages: list
    jobs: dict


def load(path):
    with open(path, encoding="utf-8") as handle:
        return YAML(typ="safe").load(handle)


def listed(value):
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def github_workflow(path):
    """The workflow's env and jobs, each job's steps in order."""
    workflow = load(path)
    jobs = {}
    for name, body in (workflow.get("jobs") or {}).items():
        steps = []
        for step in body.get("steps") or []:
            steps.append(Step(
                name=step.get("name") or step.get("uses") or "Run " + str(step.get("run", "")).strip().splitlines()[0],
                id=step.get("id"),
                condition=step.get("if"),
                run=step.get("run"),
                uses=step.get("uses"),
                inputs=dict(step.get("with") or {}),
                env={key: str(value) for key, value in (step.get("env") or {}).items()},
            ))
        matrix = (body.get("strategy") or {}).get("matrix") or {}
        jobs[name] = GitHubJob(
            name=name,
            needs=listed(body.get("needs")),
            condition=body.get("if"),
            matrix={key: list(values) for key, values in matrix.items() if isinstance(values, list)},
            env={key: str(value) for key, value in (body.get("env") or {}).items()},
            steps=steps,
        )
    env = {key: str(value) for key, value in (workflow.get("env") or {}).items()}
    return GitHubWorkflow(env=env, jobs=jobs)


def gitlab_pipeline(path):
    """The pipeline's variables, stages and jobs; a job's script is its before_script and script
    lines (the default's before_script when it has none), one shell session."""
    pipeline = load(path)
    default = pipeline.get("default") or {}
    jobs = {}
    for name, body in pipeline.items():
        if name in GITLAB_KEYWORDS or name.startswith("."):
            continue
        before = body.get("before_script", default.get("before_script"))
        parallel = body.get("parallel", 1)
        jobs[name] = GitLabJob(
            name=name,
            stage=body.get("stage", "test"),
            needs=[need if isinstance(need, str) else need.get("job") for need in listed(body.get("needs"))],
            when=body.get("when", "on_success"),
            parallel=parallel if isinstance(parallel, int) else 1,
            variables={key: str(value) for key, value in (body.get("variables") or {}).items()},
            script=[str(line) for line in listed(before) + listed(body.get("script"))],
            cache=dict(body.get("cache") or default.get("cache") or {}),
            artifacts=dict(body.get("artifacts") or {}),
            rules=list(body.get("rules") or []),
        )
    variables = {key: str(value) for key, value in (pipeline.get("variables") or {}).items()}
    return GitLabPipeline(variables=variables, stages=list(pipeline.get("stages") or []), jobs=jobs)
