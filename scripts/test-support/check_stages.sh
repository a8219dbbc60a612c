#!/usr/bin/env bash
# Tests scripts/test's stage mechanism (stages.sh): four stages that pass, skip with `skip`, skip
# through a command's exit status 77 and through `outside_folder`, then one that fails, which must
# stop the run with exit status 1 before the stage after it, time each stage, list every stage's
# time and their total and the skipped stages with their reasons, and end with
# `scripts/test: 1 passed, 1 failed, 3 skipped`. Time comes from clocks of the test's own: the wall
# clock moves 1.5 s at each reading and the CPU clock 0.5 s, so each stage takes 1.5 s of wall
# time and 0.5 s of CPU whatever the machine.
#
# Then lanes (`lanes`): two lanes at once, one passing and skipping then failing, the other blocked
# in a stage until it is stopped: exit status 1, each stage's output printed whole under its title,
# the blocked stage listed as stopped with its output so far, no later stage run, and
# `scripts/test: 3 passed, 1 failed, 1 skipped`. The lanes meet through FIFOs: no sleep, no timing (the
# block gives up after 120 s, so that a mechanism that never stops it fails rather than hangs).
# Then milestones (`lanes --milestone`) and resuming (`stages_resume`), as told where they are
# checked below.
#
# Usage: check_stages.sh   (exit 0 when the mechanism behaves so)
set -euo pipefail
support=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/iamspec-stages.XXXXXX")
trap 'rm -rf "$work"' EXIT
problems=()

# fail_with_problems OUTPUT: when a check above found problems, shows OUTPUT and them, and fails.
fail_with_problems() {
    [ "${#problems[@]}" -gt 0 ] || return 0
    cat "$1"
    printf 'check_stages: FAIL: %s\n' "${problems[@]}" >&2
    exit 1
}

cat >"$work/run.sh" <<SCRIPT
set -euo pipefail
source "$support/stages.sh"
echo 0 >"$work/clock"
stages_clock_ms() { local now; now=\$((\$(cat "$work/clock") + 1500)); echo "\$now" >"$work/clock"; echo "\$now"; }
echo 0 >"$work/cpu"
stages_read_cpu() { stages_cpu_now=\$((\$(cat "$work/cpu") + 500)); echo "\$stages_cpu_now" >"$work/cpu"; }
passes() { echo "all good"; }
skips() { skip "no frobnicator here"; echo "not reached"; }
exits_77() { sh -c 'echo "tool: skipped: no display"; exit 77'; }
needs_outside() { outside_folder "$work/nowhere" "the seeds" IAMSPEC_SEEDS; echo "not reached"; }
fails() { false; echo "not reached"; }
never() { echo "never run"; }
stage "passes" passes
stage "skips" skips
stage "exits 77" exits_77
stage "needs outside" needs_outside
stage "fails" fails
stage "never" never
print_totals
SCRIPT

status=0
bash "$work/run.sh" >"$work/out.txt" 2>&1 || status=$?
[ "$status" -eq 1 ] || problems+=("exit status $status, expected 1")
[ "$(tail -n 1 "$work/out.txt")" = "scripts/test: 1 passed, 1 failed, 3 skipped" ] ||
    problems+=("last line: $(tail -n 1 "$work/out.txt")")
for expected in "  - skips: no frobnicator here" \
    "--- passed in 1.5 s" "--- skipped in 1.5 s" "--- failed in 1.5 s" \
    "stage times (5 stages, 7.5 s in all; 2.5 s of CPU):" "          wall           CPU  outcome  stage" \
    "         1.5 s         0.5 s  passed   passes" "         1.5 s         0.5 s  skipped  needs outside" \
    "         1.5 s         0.5 s  failed   fails" \
    "  - exits 77: the stage exited 77; its output above says why" \
    "  - needs outside: not checked: the seeds not found at $work/nowhere (set IAMSPEC_SEEDS to their folder)" \
    "skipped: no frobnicator here"; do
    grep -qxF -- "$expected" "$work/out.txt" || problems+=("no line: $expected")
done
! grep -q "not reached\|never run" "$work/out.txt" || problems+=("a stage went on after it ended, or ran after the failure")
fail_with_problems "$work/out.txt"

mkfifo "$work/started" "$work/never"
cat >"$work/lanes.sh" <<SCRIPT
set -euo pipefail
source "$support/stages.sh"
first() { stage "first" passes; }
passes() { echo "all good"; }
skips() { skip "no frobnicator here"; }
fails_once_blocked() { read -r word <"$work/started"; echo "saw \$word"; false; echo "not reached"; }
blocks() { echo "before the block"; echo started >"$work/started"; read -r -t 120 never <>"$work/never" || true; echo "not reached"; }
never() { echo "never run"; }
lane_a() { stage "a passes" passes; stage "a skips" skips; stage "a fails" fails_once_blocked; stage "a never" never; }
lane_b() { stage "b passes" passes; stage "b blocks" blocks; stage "b never" never; }
first
lanes lane_a lane_b
stage "after the lanes" never
print_totals
SCRIPT
status=0
bash "$work/lanes.sh" >"$work/lanes.txt" 2>&1 || status=$?
[ "$status" -eq 1 ] || problems+=("lanes: exit status $status, expected 1")
[ "$(tail -n 1 "$work/lanes.txt")" = "scripts/test: 3 passed, 1 failed, 1 skipped" ] ||
    problems+=("lanes: last line: $(tail -n 1 "$work/lanes.txt")")
for expected in "==> a fails (lane lane_a)" "saw started" "==> b blocks (lane lane_b): stopped, another lane failed; its output so far:" \
    "before the block" 'scripts/test: FAILED at stage "a fails" (exit status 1)' "  - a skips: no frobnicator here"; do
    grep -qxF -- "$expected" "$work/lanes.txt" || problems+=("lanes: no line: $expected")
done
grep -qE '^ +[0-9.]+ s +-  stopped  b blocks$' "$work/lanes.txt" || problems+=("lanes: b blocks not listed as stopped")
grep -qE '^stage times \(6 stages, .* of wall time: lanes ran at once; .* of CPU\):$' "$work/lanes.txt" || problems+=("lanes: no wall time in the stage times")
! grep -q "not reached\|never run" "$work/lanes.txt" || problems+=("lanes: a stage went on after it ended, or ran after the failure")
# Each finished stage's block is whole: its title, its output, its end, with no other lane's line between.
awk '/^==> .* \(lane [a-z_]+\)$/ { open = 1; next } open && /^==> / { bad = 1 } /^--- / { open = 0 } END { exit bad }' "$work/lanes.txt" ||
    problems+=("lanes: a stage's output is broken by another lane's lines")
fail_with_problems "$work/lanes.txt"

# Milestones: lane_x says it is about to wait, then waits for the milestone `made`, which lane_y
# reaches once it has heard that and written the file lane_x then reads; a mechanism that did not
# wait would read before the file is written. Then a lane that ends without reaching its milestone:
# the lane waiting for it fails, saying so, and runs nothing after; and a lane that fails before
# its milestone, which stops the waiting lane without a failure of its own (`timeout`: a wait that
# never ends fails the check rather than hanging it).
mkfifo "$work/waiting"
cat >"$work/milestones.sh" <<SCRIPT
set -euo pipefail
source "$support/stages.sh"
says_waiting() { echo waiting >"$work/waiting"; }
makes() { read -r word <"$work/waiting"; echo "heard \$word"; echo "the build" >"$work/made.txt"; }
uses() { echo "read: \$(cat "$work/made.txt")"; }
passes() { echo "all good"; }
never() { echo "never run"; }
lane_x() { stage "x says" says_waiting; await_milestone made; stage "x uses" uses; }
lane_y() { stage "y makes" makes; milestone made; stage "y after" passes; }
lanes --milestone made:lane_y lane_x lane_y
lane_p() { stage "p passes" passes; }
lane_q() { await_milestone unreached; stage "q never" never; }
lanes --milestone unreached:lane_p lane_p lane_q
print_totals
SCRIPT
status=0
timeout 120 bash "$work/milestones.sh" >"$work/milestones.txt" 2>&1 || status=$?
[ "$status" -eq 1 ] || problems+=("milestones: exit status $status, expected 1")
for expected in "read: the build" "heard waiting" \
    "error: lane lane_q waits for the milestone 'unreached', which its lane ended without reaching" \
    "scripts/test: FAILED at stage \"waiting for the milestone 'unreached'\" (exit status 1)" \
    "scripts/test: 5 passed, 1 failed, 0 skipped"; do
    grep -qxF -- "$expected" "$work/milestones.txt" || problems+=("milestones: no line: $expected")
done
! grep -q "never run" "$work/milestones.txt" || problems+=("milestones: a stage ran after a milestone its lane waited for was not reached")
# A lane that fails before its milestone stops the lane waiting for it: one failure, the failed
# stage's, and no failed wait.
cat >"$work/milestone-failed.sh" <<SCRIPT
set -euo pipefail
source "$support/stages.sh"
fails() { false; }
never() { echo "never run"; }
lane_r() { stage "r fails" fails; milestone made; }
lane_w() { await_milestone made; stage "w never" never; }
lanes --milestone made:lane_r lane_w lane_r
print_totals
SCRIPT
status=0
timeout 120 bash "$work/milestone-failed.sh" >>"$work/milestones.txt" 2>&1 || status=$?
[ "$status" -eq 1 ] || problems+=("milestones: a failing lane's run exited $status, expected 1")
grep -qxF 'scripts/test: FAILED at stage "r fails" (exit status 1)' "$work/milestones.txt" ||
    problems+=("milestones: the failing lane's stage is not the failure reported")
grep -qxF "scripts/test: 0 passed, 1 failed, 0 skipped" "$work/milestones.txt" ||
    problems+=("milestones: the waiting lane was counted as failing too")
fail_with_problems "$work/milestones.txt"

# Resuming (`stages_resume`): a first run in which `checks` and `makes` pass, `builds` (always run)
# passes and `flaky` leaves a half-written file then fails; a second run with the same record:
# `checks` and `makes` are not run again and say so, `builds` runs again, what `flaky` left is gone
# before it runs again and passes, and `uses` reads what `makes` wrote in the first run; a third,
# not skipping (SKIPS `no`, as --no-resume, which also empties the folder), runs every stage.
# Stages outside lanes and in one.
cat >"$work/resume.sh" <<SCRIPT
set -euo pipefail
source "$support/stages.sh"
stages_resume "$work/stamps" "$work/kept" "\$1" "inputs 0123abcd" builds
builds() { echo "building"; echo built >"$work/kept/built.txt"; }
checks() { echo "checking"; }
makes() { echo "making"; echo "what makes made" >"$work/kept/made.txt"; }
uses() { echo "read: \$(cat "$work/kept/made.txt")"; }
flaky() {
    [ ! -e "$work/kept/partial.txt" ] || { echo "found what the last attempt left"; return 1; }
    echo half >"$work/kept/partial.txt"
    [ -e "$work/flaky-fixed" ] || { echo "flaky fails"; return 1; }
    echo "flaky passes"
}
lane_a() { stage "makes" makes; stage "flaky" flaky; stage "uses" uses; }
stage "builds" builds
stage "checks" checks
lanes lane_a
print_totals
SCRIPT
status=0
bash "$work/resume.sh" yes >"$work/resume-1.txt" 2>&1 || status=$?
[ "$status" -eq 1 ] || problems+=("resume: the first run exited $status, expected 1")
[ -e "$work/kept/partial.txt" ] || problems+=("resume: the failing stage left nothing to clear")
touch "$work/flaky-fixed"
status=0
bash "$work/resume.sh" yes >"$work/resume-2.txt" 2>&1 || status=$?
[ "$status" -eq 0 ] || problems+=("resume: the second run exited $status, expected 0")
[ "$(tail -n 1 "$work/resume-2.txt")" = "scripts/test: 3 passed, 0 failed, 0 skipped, 2 passed earlier (not re-run)" ] ||
    problems+=("resume: the second run's last line: $(tail -n 1 "$work/resume-2.txt")")
[ "$(grep -cE '^--- passed earlier \(inputs 0123abcd, at [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}, in [0-9.]+ s\), not re-run$' "$work/resume-2.txt")" -eq 2 ] ||
    problems+=("resume: the stages that passed before do not each say they passed earlier")
for name in checks makes; do
    grep -qE "^ +0\.0 s +0\.0 s  earlier  $name\$" "$work/resume-2.txt" || problems+=("resume: $name not listed as passed earlier")
done
for expected in "building" "flaky passes" "read: what makes made"; do
    grep -qxF -- "$expected" "$work/resume-2.txt" || problems+=("resume: second run, no line: $expected")
done
! grep -q "^making$\|^checking$\|found what the last attempt left" "$work/resume-2.txt" ||
    problems+=("resume: a stage that passed ran again, or a failed one found what it left")
rm -rf "$work/kept"
status=0
bash "$work/resume.sh" no >"$work/resume-3.txt" 2>&1 || status=$?
[ "$(tail -n 1 "$work/resume-3.txt")" = "scripts/test: 5 passed, 0 failed, 0 skipped" ] ||
    problems+=("resume: not skipping, the last line: $(tail -n 1 "$work/resume-3.txt")")
grep -qxF "making" "$work/resume-3.txt" || problems+=("resume: not skipping, makes did not run")
[ "${#problems[@]}" -eq 0 ] || cat "$work/resume-1.txt" "$work/resume-2.txt"
fail_with_problems "$work/resume-3.txt"
echo "check_stages: ok: pass, three kinds of skip and a failure counted as 1 passed, 1 failed, 3 skipped, each timed; two lanes at once, the other stopped at the first failure; a lane waiting for another's milestone, and failing when that lane ends without it; a resumed run skipping what passed, saying so, clearing what a failed stage left, always running the builds"
