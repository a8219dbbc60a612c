"""Checks the shell of each job of a GitLab CI recipe with shellcheck, as actionlint checks a GitHub
workflow's `run:` scripts (scripts/test, stage "CI recipes").

Usage: shellcheck_gitlab_jobs.py SHELLCHECK GITLAB-CI.yml

Each job's script is its before_script and script lines (the default's before_script when it has
none), one bash session under `set -eo pipefail`, as GitLab's runner and run_ci_recipes.py run
it (ci_recipe_jobs.py). A finding is printed as `GITLAB-CI.yml: job NAME: SCnnnn: ...` with the
line of the script it concerns. Exit status 0 with no finding, 1 with any, 2 when shellcheck
cannot run.
"""

import json
import subprocess
import sys

import ci_recipe_jobs


def findings(shellcheck, job):
    """shellcheck's findings on the job's script: (line of the script, code, level, message)."""
    script = "#!/bin/bash\nset -eo pipefail\n" + "\n".join(job.script) + "\n"
    result = subprocess.run([shellcheck, "--format=json", "--shell=bash", "-"], input=script, capture_output=True,
                            text=True)
    if result.returncode not in (0, 1):
        raise SystemExit(f"error: {shellcheck} exited {result.returncode}: {result.stderr.strip()}")
    lines = script.splitlines()
    return [(lines[item["line"] - 1].strip(), item["code"], item["level"], item["message"])
            for item in json.loads(result.stdout or "[]")]


def main(shellcheck, recipe):
    pipeline = ci_recipe_jobs.gitlab_pipeline(recipe)
    found = 0
    for name, job in pipeline.jobs.items():
        for line, code, level, message in findings(shellcheck, job):
            found += 1
            print(f"{recipe}: job {name}: SC{code} ({level}): {message}\n    {line}")
    if found:
        print(f"{recipe}: {found} shellcheck findings", file=sys.stderr)
        return 1
    print(f"shellcheck: no finding in the scripts of {recipe}'s {len(pipeline.jobs)} jobs")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    sys.exit(main(*sys.argv[1:]))
