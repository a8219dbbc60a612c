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
# A stage that passed before with the same inputs is not run again when `stages_resume` is set up
# (see "Resuming" below): it ends with `--- passed earlier (...), not re-run`.
# The first failed stage stops the run. Each stage ends with `--- passed in 12.3 s` (or skipped,
# failed), its wall time; the end lists every stage's wall time and CPU time (user and system, of
# the stage's processes that ended) and their totals, then the skipped stages and why; the last
# line printed is always `scripts/test: N passed, N failed, N skipped` (followed by `, N passed
# earlier (not re-run)` when stages were resumed).

stages_passed=0
stages_failed=0
stages_skipped=0
stages_skip_list=()
stages_times=()
stages_total_ms=0
stages_total_cpu_ms=0
stages_earlier=0
stages_skip_reason=$(mktemp "${TMPDIR:-/tmp}/iamspec-skip.XXXXXX")

# The wall clock in milliseconds (check_stages.sh puts a clock of its own in its place).
stages_clock_ms() {
    date +%s%3N
}

# Sets stages_cpu_now to the CPU time in milliseconds (user and system) of the processes this
# shell started and waited for, from bash's `times` (its second line; check_stages.sh puts a
# clock of its own in its place). Called as is, never in `$(...)`: a subshell has its own, empty,
# account.
stages_read_cpu() {
    local account="$stages_skip_reason.times" line part
    times >"$account"
    line=$(tail -n 1 "$account")
    stages_cpu_now=0
    for part in $line; do
        [[ "$part" =~ ^([0-9]+)m([0-9]+)[.,]([0-9]{3})s$ ]] || { stages_cpu_now=0; return; }
        stages_cpu_now=$((stages_cpu_now + 10#${BASH_REMATCH[1]} * 60000 + 10#${BASH_REMATCH[2]} * 1000 + 10#${BASH_REMATCH[3]}))
    done
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
        local wall=""
        [ "$stages_lanes_ran" = no ] ||
            wall=", $(stages_elapsed "$stages_wall_ms") of wall time: lanes ran at once"
        printf '\nstage times (%d stages, %s in all%s; %s of CPU):\n' "${#stages_times[@]}" "$(stages_elapsed "$stages_total_ms")" "$wall" "$(stages_elapsed "$stages_total_cpu_ms")"
        printf '  %12s  %12s  %-7s  %s\n' "wall" "CPU" "outcome" "stage"
        printf '  %s\n' "${stages_times[@]}"
    fi
    if [ "${#stages_skip_list[@]}" -gt 0 ]; then
        printf '\nskipped stages (%d):\n' "${#stages_skip_list[@]}"
        printf '  - %s\n' "${stages_skip_list[@]}"
    fi
    rm -f "$stages_skip_reason" "$stages_skip_reason.times"
    local earlier=""
    [ "$stages_earlier" -eq 0 ] || earlier=", $stages_earlier passed earlier (not re-run)"
    echo "scripts/test: $stages_passed passed, $stages_failed failed, $stages_skipped skipped$earlier"
}

# Counts one stage's end: OUTCOME (passed, skipped, failed or stopped) after ELAPSED ms of wall
# time and CPU ms of CPU time ("" when not known: a stopped stage), with the skip's REASON. A
# stopped stage (its lane stopped by another lane's failure) is timed, and counted neither passed
# nor failed.
stages_count() {
    local outcome=$1 elapsed=$2 cpu=$3 title=$4 reason=$5 cpu_said="-"
    stages_total_ms=$((stages_total_ms + elapsed))
    if [ -n "$cpu" ]; then
        stages_total_cpu_ms=$((stages_total_cpu_ms + cpu))
        cpu_said=$(stages_elapsed "$cpu")
    fi
    stages_times+=("$(printf '%12s  %12s  %-7s  %s' "$(stages_elapsed "$elapsed")" "$cpu_said" "$outcome" "$title")")
    case "$outcome" in
    passed) stages_passed=$((stages_passed + 1)) ;;
    skipped)
        stages_skipped=$((stages_skipped + 1))
        stages_skip_list+=("$title: ${reason:-the stage exited 77; its output above says why}")
        ;;
    failed) stages_failed=$((stages_failed + 1)) ;;
    earlier) stages_earlier=$((stages_earlier + 1)) ;;
    esac
}

# Runs one stage in a subshell with errexit on, and times it; stops everything at the first failure.
# In a lane, the stage's output is held and printed whole when it ends, and its outcome goes to the
# lane's record for `lanes` to count.
stage() {
    local title=$1
    shift
    if [ -n "$stages_lane_record" ]; then
        stages_lane_stage "$title" "$@"
        return
    fi
    printf '\n==> %s\n' "$title"
    if stages_passed_earlier "$title" "$1"; then
        stages_count earlier 0 0 "$title" ""
        return
    fi
    : >"$stages_skip_reason"
    local outcome
    stages_title=$title stages_run "$@"
    local status=$stages_status elapsed=$stages_took
    outcome=$(stages_outcome "$status")
    echo "--- $outcome in $(stages_elapsed "$elapsed")"
    stages_wall_ms=$((stages_wall_ms + elapsed))
    stages_count "$outcome" "$elapsed" "$stages_cpu" "$title" "$(cat "$stages_skip_reason")"
    if [ "$outcome" = failed ]; then
        printf '\nscripts/test: FAILED at stage "%s" (exit status %d)\n' "$title" "$status" >&2
        print_totals
        exit 1
    fi
}

# Runs a stage's command in a subshell with errexit on: its exit status in stages_status, its wall
# time (ms) in stages_took, from stages_started, its CPU time (ms) in stages_cpu.
stages_run() {
    local cpu_before entries_before
    entries_before=$(stages_resume_entries)
    stages_started=$(stages_clock_ms)
    [ -z "$stages_lane_record" ] || printf '%s\t%s\n' "$stages_started" "$stages_title" >"$stages_lane_record.current"
    stages_read_cpu
    cpu_before=$stages_cpu_now
    set +e
    (set -e; "$@")
    stages_status=$?
    set -e
    stages_took=$(($(stages_clock_ms) - stages_started))
    stages_read_cpu
    stages_cpu=$((stages_cpu_now - cpu_before))
    stages_resume_record "${stages_title:-}" "$stages_status" "$stages_took" "$entries_before"
}

stages_outcome() {
    case "$1" in
    0) echo passed ;;
    77) echo skipped ;;
    *) echo failed ;;
    esac
}

# --- Lanes -------------------------------------------------------------------------------------
# `lanes LANE...` runs each LANE (a function of `stage` calls, in order) at once with the others,
# each in a background shell of its own process group, and waits for all. A lane's stages run one
# after another as anywhere else; each stage's output is held in a file and printed whole, under a
# lock, when the stage ends (`==> TITLE` is printed when it starts, with its lane), so that two
# lanes' lines never mix. The first stage that fails stops its lane, and `lanes` stops the others
# at once (their stage under way is listed as stopped, counted neither passed nor failed), then
# counts and exits 1 as a failing stage does. Stages in different lanes must not share files they
# write; a stage that needs another's output belongs in its lane, after it, or waits for it:
#
# `lanes --milestone NAME:LANE ... LANE...` declares a milestone NAME that LANE reaches by calling
# `milestone NAME` between its stages (what the stages after it in other lanes need is made: a
# build, a file); another lane calls `await_milestone NAME` before the stages that need it, and
# waits there until it is reached. The wait is a lock, not a poll: `lanes` takes an exclusive lock
# on each milestone's lock file before starting the lanes, `milestone` writes its marker and
# releases the lock, and `await_milestone` takes the lock shared. A lane that ends without
# reaching its milestone has it released by `lanes`, and the lane waiting for it fails, saying so,
# rather than waiting for ever; a lane that fails stops the waiting one as it stops any. Outside
# lanes, both do nothing.

stages_lane_record=""
stages_lanes_ran=no
stages_wall_ms=0
stages_lanes_folder=""
declare -A stages_milestone_fds=()

# milestone NAME: the calling lane has reached NAME (declared by `lanes --milestone NAME:LANE`).
milestone() {
    [ -n "$stages_lanes_folder" ] || return 0
    : >"$stages_lanes_folder/milestone.$1"
    flock -u "${stages_milestone_fds[$1]}"
}

# await_milestone NAME: waits until a lane has reached NAME; ends the calling lane as failed when
# the lane that was to reach it ended without.
await_milestone() {
    [ -n "$stages_lanes_folder" ] || return 0
    local lock
    exec {lock}<"$stages_lanes_folder/milestone.$1.lock"
    flock -s "$lock"
    exec {lock}<&-
    if [ ! -e "$stages_lanes_folder/milestone.$1" ]; then
        echo "error: lane $stages_lane_name waits for the milestone '$1', which its lane ended without reaching" >&2
        # Counted as a failed stage of no time.
        stages_lane_recorded failed 0 0 "waiting for the milestone '$1'" "" 1
    fi
}

stages_lane_stage() {
    local title=$1
    shift
    local held="$stages_lane_record.held" outcome
    if stages_passed_earlier "$title" "$1" >"$held"; then
        { flock 9; printf '\n==> %s (lane %s)\n' "$title" "$stages_lane_name"; cat "$held"; } 9>>"$stages_lanes_lock"
        rm -f "$held"
        stages_lane_recorded earlier 0 0 "$title" "" 0
        return
    fi
    : >"$stages_skip_reason"
    { flock 9; printf '\n==> %s (started, lane %s)\n' "$title" "$stages_lane_name"; } 9>>"$stages_lanes_lock"
    stages_title=$title stages_run "$@" >"$held" 2>&1
    local status=$stages_status elapsed=$stages_took cpu=$stages_cpu
    outcome=$(stages_outcome "$status")
    {
        flock 9
        printf '\n==> %s (lane %s)\n' "$title" "$stages_lane_name"
        cat "$held"
        echo "--- $outcome in $(stages_elapsed "$elapsed")"
    } 9>>"$stages_lanes_lock"
    rm -f "$held" "$stages_lane_record.current"
    stages_lane_recorded "$outcome" "$elapsed" "$cpu" "$title" "$(tr '\t' ' ' <"$stages_skip_reason" | paste -s -d ' ')" "$status"
}

# stages_lane_recorded OUTCOME ELAPSED CPU TITLE REASON STATUS: a stage's end, in the lane's record
# `lanes` counts; a failed one also in the record of its failure, and the lane ends.
stages_lane_recorded() {
    printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" >>"$stages_lane_record"
    if [ "$1" = failed ]; then
        printf '%s\t%s\n' "$4" "$6" >"$stages_lane_record.failed"
        exit 1
    fi
}

lanes() {
    local folder started lane pid status failed="" index ended=0 ends name fd
    local -a pids=() names=()
    local -A reached_by=()
    folder=$(mktemp -d "${TMPDIR:-/tmp}/iamspec-lanes.XXXXXX")
    stages_lanes_lock="$folder/lock"
    stages_lanes_folder=$folder
    while [ "${1:-}" = --milestone ]; do
        name=${2%%:*}
        reached_by[$name]=${2#*:}
        exec {fd}>"$folder/milestone.$name.lock"
        flock -x "$fd"
        stages_milestone_fds[$name]=$fd
        shift 2
    done
    # Each lane, as it ends, writes its name and exit status to this FIFO; reading it waits for the
    # next lane to end, whatever ended before (no polling, no race with the shell's reaping).
    mkfifo "$folder/ends"
    exec {ends}<>"$folder/ends"
    started=$(stages_clock_ms)
    set -m
    for lane in "$@"; do
        (
            set +m
            stages_lane_name=$lane
            stages_lane_record="$folder/$lane"
            stages_skip_reason="$folder/$lane.skip"
            : >"$stages_lane_record"
            # Not `"$lane" || ...`: a function run where its status is tested runs with errexit
            # off throughout, and the stages inside would pass whatever failed.
            trap 'echo "$stages_lane_name $?" >&"$ends"' EXIT
            "$lane"
        ) &
        pids+=("$!")
        names+=("$lane")
    done
    set +m
    while [ -z "$failed" ] && [ "$ended" -lt "${#names[@]}" ]; do
        read -r -u "$ends" lane status
        ended=$((ended + 1))
        if [ "$status" != 0 ]; then
            failed=$lane
            continue
        fi
        # A lane that passed has its milestones released: a lane waiting for one it did not reach
        # fails, saying so. (One that failed stops the others below, the waiting one among them.)
        for name in "${!reached_by[@]}"; do
            [ "${reached_by[$name]}" != "$lane" ] || flock -u "${stages_milestone_fds[$name]}"
        done
    done
    exec {ends}>&-
    for name in "${!stages_milestone_fds[@]}"; do
        fd=${stages_milestone_fds[$name]}
        exec {fd}>&-
    done
    stages_milestone_fds=()
    stages_lanes_folder=""
    if [ -n "$failed" ]; then
        for index in "${!names[@]}"; do
            [ "${names[$index]}" = "$failed" ] || kill -TERM -- "-${pids[$index]}" 2>/dev/null || true
        done
    fi
    for pid in "${pids[@]}"; do
        wait "$pid" 2>/dev/null || true
    done
    stages_lanes_ran=yes
    stages_wall_ms=$((stages_wall_ms + $(stages_clock_ms) - started))
    local outcome elapsed cpu title reason now
    for index in "${!names[@]}"; do
        lane=${names[$index]}
        while IFS=$'\t' read -r outcome elapsed cpu title reason; do
            stages_count "$outcome" "$elapsed" "$cpu" "$title" "$reason"
        done <"$folder/$lane"
        if [ -f "$folder/$lane.current" ]; then
            IFS=$'\t' read -r started title <"$folder/$lane.current"
            now=$(stages_clock_ms)
            stages_count stopped $((now - started)) "" "$title" ""
            printf '\n==> %s (lane %s): stopped, another lane failed; its output so far:\n' "$title" "$lane"
            cat "$folder/$lane.held" 2>/dev/null || true
        fi
    done
    if [ -n "$failed" ]; then
        IFS=$'\t' read -r title status <"$folder/$failed.failed" || title="lane $failed" status=1
        printf '\nscripts/test: FAILED at stage "%s" (exit status %d)\n' "$title" "$status" >&2
        rm -rf "$folder"
        print_totals
        exit 1
    fi
    rm -rf "$folder"
}

# --- Resuming ----------------------------------------------------------------------------------
# `stages_resume STAMPS WORK SKIPS LABEL [FUNCTION...]` keeps a record, in the folder STAMPS, of
# each stage that passes: the stamp `STAMPS/<hash of its title>.passed` (when, and its wall time),
# and the entries of the folder WORK (where the stages leave files for the stages after them) that
# appeared while it ran, `.made`. The caller chooses STAMPS by the run's inputs (scripts/test: its
# "inputs key"), so a stamp says the stage passed with these very inputs. With SKIPS `yes`, a stage
# stamped there is not run again: it prints `--- passed earlier (LABEL, at TIME), not re-run` and
# is counted apart (`earlier`), never as a pass of this run; each FUNCTION named (the builds, whose
# output lives outside WORK and may have been replaced since) always runs. `stages_resume` also
# removes from WORK every entry no stamped stage made: what a stage that failed or was stopped
# left half-written goes, and it makes its files again when it runs again. Without
# `stages_resume`, nothing is skipped or recorded.

stages_resume_folder=""
stages_resume_work=""
stages_resume_skips=no
stages_resume_label=""
declare -A stages_always_run=()

stages_resume() {
    stages_resume_folder=$1
    stages_resume_work=$2
    stages_resume_skips=$3
    stages_resume_label=$4
    shift 4
    local function entry stamp
    for function in "$@"; do
        stages_always_run[$function]=1
    done
    mkdir -p "$stages_resume_folder" "$stages_resume_work"
    local -A made=()
    for stamp in "$stages_resume_folder"/*.passed; do
        [ -e "$stamp" ] || continue
        while IFS= read -r entry; do
            [ -z "$entry" ] || made[$entry]=1
        done <"${stamp%.passed}.made"
    done
    while IFS= read -r entry; do
        [ -z "$entry" ] || [ -n "${made[$entry]:-}" ] || rm -rf "${stages_resume_work:?}/$entry"
    done < <(stages_resume_entries)
}

# The names of WORK's entries, one a line (nothing when not resuming).
stages_resume_entries() {
    [ -n "$stages_resume_work" ] || return 0
    ls -A "$stages_resume_work"
}

stages_stamp_name() {
    printf '%s' "$1" | sha256sum | cut -c 1-32
}

# stages_passed_earlier TITLE FUNCTION: 0, having said so, when the stage passed earlier with these
# inputs and is not to be run again.
stages_passed_earlier() {
    [ "$stages_resume_skips" = yes ] && [ -z "${stages_always_run[$2]:-}" ] || return 1
    local stamp when took
    stamp="$stages_resume_folder/$(stages_stamp_name "$1").passed"
    [ -f "$stamp" ] || return 1
    IFS=$'\t' read -r when took _ <"$stamp" || return 1
    echo "--- passed earlier ($stages_resume_label, at $when, in $(stages_elapsed "$took")), not re-run"
}

# stages_resume_record TITLE STATUS ELAPSED ENTRIES_BEFORE: a stage that passed is stamped, with
# the entries of WORK that are new since it started; one that did not loses its stamp.
stages_resume_record() {
    [ -n "$stages_resume_folder" ] && [ -n "$1" ] || return 0
    local stamp
    stamp="$stages_resume_folder/$(stages_stamp_name "$1")"
    if [ "$2" -ne 0 ]; then
        rm -f "$stamp.passed" "$stamp.made"
        return 0
    fi
    comm -13 <(LC_ALL=C sort <<<"$4") <(stages_resume_entries | LC_ALL=C sort) >"$stamp.made"
    printf '%s\t%s\t%s\n' "$(date '+%Y-%m-%d %H:%M')" "$3" "$1" >"$stamp.passed"
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
