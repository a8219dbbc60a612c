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
# The first failed stage stops the run. Each stage ends with `--- passed in 12.3 s` (or skipped,
# failed), its wall time; the end lists every stage's time and their total, then the skipped
# stages and why; the last line printed is always `scripts/test: N passed, N failed, N skipped`.

stages_passed=0
stages_failed=0
stages_skipped=0
stages_skip_list=()
stages_times=()
stages_total_ms=0
stages_skip_reason=$(mktemp "${TMPDIR:-/tmp}/iamspec-skip.XXXXXX")

# The wall clock in milliseconds (check_stages.sh puts a clock of its own in its place).
stages_clock_ms() {
    date +%s%3N
}

# MILLISECONDS as people read it: `0.4 s`, `41.2 s`, `9 min 03 s`.
stages_elapsed() {
    local ms=$1
    if [ "$ms" -lt 60000 ]; then
        printf '%d.%d s' $((ms / 1000)) $((ms % 1000 / 100))
    else
        printf '%d min %02d s' $((ms / 60000)) $((ms % 60000 / 1000))
    fi
}

print_totals() {
    if [ "${#stages_times[@]}" -gt 0 ]; then
        printf '\nstage times (%d stages, %s in all):\n' "${#stages_times[@]}" "$(stages_elapsed "$stages_total_ms")"
        printf '  %s\n' "${stages_times[@]}"
    fi
    if [ "${#stages_skip_list[@]}" -gt 0 ]; then
        printf '\nskipped stages (%d):\n' "${#stages_skip_list[@]}"
        printf '  - %s\n' "${stages_skip_list[@]}"
    fi
    rm -f "$stages_skip_reason"
    echo "scripts/test: $stages_passed passed, $stages_failed failed, $stages_skipped skipped"
}

# Runs one stage in a subshell with errexit on, and times it; stops everything at the first failure.
stage() {
    local title=$1
    shift
    printf '\n==> %s\n' "$title"
    : >"$stages_skip_reason"
    local status=0 started elapsed outcome
    started=$(stages_clock_ms)
    set +e
    (set -e; "$@")
    status=$?
    set -e
    elapsed=$(($(stages_clock_ms) - started))
    case "$status" in
    0) outcome=passed ;;
    77) outcome=skipped ;;
    *) outcome=failed ;;
    esac
    stages_total_ms=$((stages_total_ms + elapsed))
    stages_times+=("$(printf '%12s  %-7s  %s' "$(stages_elapsed "$elapsed")" "$outcome" "$title")")
    echo "--- $outcome in $(stages_elapsed "$elapsed")"
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
