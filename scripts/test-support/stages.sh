# The stage mechanism of scripts/test, sourced by it (and by check_stages.sh, its own test).
#
# A stage is a shell function run by `stage "TITLE" FUNCTION [ARGS...]` in a subshell with errexit
# on. It ends in one of three ways:
#   - passed:  it returns 0;
#   - skipped: it calls `skip "why"` (prints `skipped: why`, exits 77, as automake's test drivers
#              count 77), or runs a command that exits 77 and says why itself; a check that cannot
#              run here (a tool or a file from outside the repository missing) is skipped, never
#              passed. `outside_folder FOLDER WHAT VARIABLE` skips the stage with "not checked"
#              unless FOLDER exists (files that live outside the repository, such as the JUnit
#              XSDs or the seeds);
#   - failed:  any other status (or `fail "what"`, which prints `error: what` and returns 1).
# Call `skip` and `outside_folder` from the stage function's own shell, not inside `$(...)` or a
# pipeline, where `exit 77` would leave only that inner shell.
# The first failed stage stops the run. The last line printed is always
# `scripts/test: N passed, N failed, N skipped`, after a list of the skipped stages and why.

stages_passed=0
stages_failed=0
stages_skipped=0
stages_skip_list=()
stages_skip_reason=$(mktemp "${TMPDIR:-/tmp}/iamspec-skip.XXXXXX")

print_totals() {
    if [ "${#stages_skip_list[@]}" -gt 0 ]; then
        printf '\nskipped stages (%d):\n' "${#stages_skip_list[@]}"
        printf '  - %s\n' "${stages_skip_list[@]}"
    fi
    rm -f "$stages_skip_reason"
    echo "scripts/test: $stages_passed passed, $stages_failed failed, $stages_skipped skipped"
}

# Runs one stage in a subshell with errexit on; stops everything at the first failure.
stage() {
    local title=$1
    shift
    printf '\n==> %s\n' "$title"
    : >"$stages_skip_reason"
    local status=0
    set +e
    (set -e; "$@")
    status=$?
    set -e
    if [ "$status" -eq 0 ]; then
        stages_passed=$((stages_passed + 1))
    elif [ "$status" -eq 77 ]; then
        stages_skipped=$((stages_skipped + 1))
        local reason
        reason=$(cat "$stages_skip_reason")
        stages_skip_list+=("$title: ${reason:-the stage exited 77; its output above says why}")
    else
        stages_failed=$((stages_failed + 1))
        printf '\nscripts/test: FAILED at stage "%s" (exit status %d)\n' "$title" "$status" >&2
        print_totals
        exit 1
    fi
}

# skip WHY: ends the calling stage as skipped.
skip() {
    echo "skipped: $*"
    echo "$*" >"$stages_skip_reason"
    exit 77
}

# outside_folder FOLDER WHAT VARIABLE: skips the calling stage unless FOLDER exists.
outside_folder() {
    local folder=$1 what=$2 variable=$3
    [ -d "$folder" ] || skip "not checked: $what not found at $folder (set $variable to their folder)"
}

fail() {
    echo "error: $*" >&2
    return 1
}
