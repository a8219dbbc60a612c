#!/usr/bin/env python3
"""ARCHITECTURE.md's checklists tried by following them: a scratch stimulus, setting, capability, version.

A checklist is only as good as a newcomer's result of following it. It makes in the repository,
seen through an overlay (below), as a contributor would, step by step, the changes three
checklists ask for:

- "A stimulus": `device_locked`, with its capability `device-lock` ("A capability", a capability
  for what a case writes), its rule and a case;
- "A setting": whether a test send that meets another message on screen waits on the stack like
  any other, with its behavioural capability `test-send-waits` ("A capability", the behavioural
  way), its catalogue entry ("A behaviour") with a witness, its rule and a case;
- "A protocol version": a version 3 that changes nothing on the wire, made the newest, so that
  iamspec offers it, `iamspec engine --stdio` speaks it, and the example engines, which speak 2,
  keep their verdicts.

Every edit names the checklist and the words of the step it follows, and the trial fails when those
words are no longer in that section of ARCHITECTURE.md, when the file is named nowhere in the
section (a file the section does not name must be reached through the words of a step, as "where
it applies it"), or when the text an edit is anchored at is not in the file exactly once: the code
or the checklist moved, and both must move together. The new step kind, with its capability, rule
and case, must take no more files written by hand than "A stimulus" says (six: the schemas'
parts are written by `scripts/update-schemas`). Then, in the copy:

1. `swift build --product iamspec` compiles the additions, and `scripts/update-schemas` writes the
   schemas' parts they change;
2. `iamspec lint Specs` refuses the setting's case before its rule is gated (the proof by running
   finds the need, at the case; and at any case of Specs that already checks the behaviour, which
   then declares the need), and passes once the rule names the capability;
3. `iamspec capabilities Specs` lists both capabilities with their words; `iamspec run Specs` on the
   reference engine passes every run, the new cases' among them; `iamspec mutate --mutant` kills
   the new behaviour; the new case files validate against the copy's `Specs/schema.json`;
4. the Python, Node and (given compiled classes) Java example engines, which list what they have and
   so lack both new capabilities, skip every run of the new cases, naming the capability, and fail
   none, and the Python one still fails nothing on the copy's whole Specs; `iamspec docs` tells
   the new step in words and shows the new rule;
5. `scripts/update-bundled-specs`, then `swift test`: every unit test, the schema agreements, the
   must-have list, the codecs' round trips and the catalogue's witnesses among them, passes. The
   end-to-end tests, which run the built `iamspec` on the repository's Specs and fixtures (and
   which `scripts/test` runs on the repository itself), are left out, their target taken out of
   the copy's Package.swift so that the test bundle builds without them (about a fifth of its
   build): the steps above ran the copy's `iamspec` end to end on what the additions change.

Where the edits are made. The trial runs in a mount namespace of its own (unshare, as an
unprivileged user may make) where an overlay covers the repository's folder: the trial writes only
into the overlay's upper folder, WORK/overlay, and the repository, its working tree and its build
folder are never written. It builds on the repository's own debug build (the one `scripts/test`'s
build stages made), at its own path, so only what the edits reach is compiled again (measured, the
machine idle: the whole trial took 365 s of CPU where its copy built from nothing took 462; the
edits reach the core, so most modules are compiled again all the same). A probe first removes a
folder and writes a file through an overlay of its own, thrown away. Where no mount namespace or
overlay can be made, or the probe fails, the trial copies the repository's tracked and unignored files into WORK/repo instead, and
builds that from nothing, without debug information (which no debugger reads there: a sixth less
CPU). `--copy` makes the copy whatever the machine offers.

Usage: checklist_trial.py REPOSITORY WORK [--check-jsonschema PATH] [--java-classes DIR] [--edits-only] [--copy]
`--edits-only` makes the copy and its edits and stops (seconds: whether the checklists and the code
still meet). Exits 0 when every step held, 1 otherwise (what failed is printed last).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time

STIMULUS = "A stimulus (a new step)"
CAPABILITY = "A capability"
SETTING = "A setting (a rule value on which the SDK generations or real engines differ)"
BEHAVIOUR = "A behaviour (a catalogue entry: a mutant, a capability variant, an explanation)"
RULE = "A rule"
VERSION = "A protocol version"
# A copy is built from nothing and thrown away, and no debugger reads it: built without debug
# information, its build takes a sixth less CPU (the product: 99 s against 119 s, measured). The
# test run passes the same flags, so that it builds on the product's build. Through the overlay,
# the repository's own build is built on, with its own flags (none).
NO_DEBUG_INFO = ["-Xswiftc", "-gnone"]
# Given to the script run again inside the mount namespace, once the overlay is mounted.
INSIDE_OVERLAY = "--inside-overlay"
# The mount namespace's shell exits with this when the overlay cannot be mounted.
NO_OVERLAY = 97

SETTING_CASE = "stack-test-send-waits-behind-visible"
STIMULUS_CASE = "reenqueue-device-locked-stacks"
SETTING_CAPABILITY = "test-send-waits"
STIMULUS_CAPABILITY = "device-lock"
BEHAVIOUR_ID = "test-send-shown-over-visible"
# The files "A stimulus" says a new step kind, with its capability, rule and case, is written in.
STEP_KIND_FILES = 6


class TrialFailure(Exception):
    """A step of the trial that did not hold: the message says which and why."""


def sections(architecture):
    """ARCHITECTURE.md's checklist sections: title -> text."""
    found, title, lines = {}, None, []
    for line in architecture.splitlines():
        if line.startswith("### ") or line.startswith("## "):
            if title is not None:
                found[title] = "\n".join(lines)
            title, lines = (line[4:] if line.startswith("### ") else None), []
        elif title is not None:
            lines.append(line)
    if title is not None:
        found[title] = "\n".join(lines)
    return found


class Copy:
    """The scratch copy of the repository, and the checklists its edits follow."""

    def __init__(self, root, checklists):
        self.root = root
        self.checklists = checklists
        self.touched = []

    def path(self, relative):
        return os.path.join(self.root, relative)

    def follows(self, section, words, relative, located=False):
        """Fails unless the section holds the step's words and names the file, or a folder of it
        (`located`: the step's words say where it goes, as "where it applies it" or `Specs/<area>/`)."""
        flat = self.says(section, words, f"to edit {relative}")
        folders = [relative[: index + 1] for index, char in enumerate(relative) if char == "/"]
        named = any(name in flat for name in [relative, os.path.basename(relative), *folders[1:]])
        if not named and not located:
            raise TrialFailure(
                f'ARCHITECTURE.md, "{section}": the trial edits {relative} following "{words}", but the '
                "section names neither the file nor its folder: a newcomer following it would not find it"
            )
        self.touched.append((section, relative))

    def says(self, section, words, purpose):
        """The section's text, its white space folded; fails unless it holds the step's words,
        which the trial follows for `purpose` (an edit, or a command it runs)."""
        text = self.checklists.get(section)
        if text is None:
            raise TrialFailure(f'ARCHITECTURE.md has no checklist "### {section}": the trial follows it')
        flat = " ".join(text.split())
        if " ".join(words.split()) not in flat:
            raise TrialFailure(
                f'ARCHITECTURE.md, "{section}": no step says "{words}", which the trial follows {purpose}; '
                "the checklist changed: change the trial with it"
            )
        return flat

    def edit(self, section, words, relative, old, new, located=False):
        """Replaces the one occurrence of old in the file with new."""
        self.follows(section, words, relative, located)
        path = self.path(relative)
        with open(path, encoding="utf-8") as file:
            content = file.read()
        count = content.count(old)
        if count != 1:
            raise TrialFailure(
                f"{relative}: the trial's anchor for \"{section}\" ({words}) is there {count} times, "
                f"expected once: {old!r}; the code moved: update the trial (and the checklist if it "
                "no longer says where this goes)"
            )
        with open(path, "w", encoding="utf-8") as file:
            file.write(content.replace(old, new))

    def insert(self, section, words, relative, anchor, text, before=False, located=False):
        """Puts text right after (or before) the one occurrence of anchor in the file."""
        self.edit(section, words, relative, anchor, text + anchor if before else anchor + text, located)

    def create(self, section, words, relative, text):
        """A new file, where the step's words say it goes."""
        self.follows(section, words, relative, located=True)
        path = self.path(relative)
        if os.path.exists(path):
            raise TrialFailure(f"{relative}: the trial's new file already exists")
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)


def add_stimulus(copy):
    """`device_locked`, by "A stimulus", with its capability by "A capability"."""
    stimulus = "Sources/IAMSpec/Steps/Stimulus.swift"
    copy.insert(
        STIMULUS, "the case of `Stimulus`, with its doc comment", stimulus,
        "    case visibleMessageDismissedByApp\n",
        "    /// The device locks: the app goes to the background.\n    case deviceLocked\n",
    )
    copy.insert(
        STIMULUS, "a case of `StimulusKind.ID` (in the order of the table of steps", stimulus,
        "wipeData, appDismiss, ", "deviceLock, ",
    )
    copy.insert(
        STIMULUS, "its description in `describe(_:)`", stimulus,
        "        case .inspectStack:\n            StimulusKind(\n",
        "        case .deviceLock:\n"
        "            StimulusKind(\n"
        "                id,\n"
        "                \"device_locked\",\n"
        "                capability: .deviceLock,\n"
        "                about: \"The device locks: the app goes to the background (device-lock).\",\n"
        "                words: \"the device locks\",\n"
        "                stimulus: .deviceLocked\n"
        "            )\n",
        before=True,
    )
    copy.insert(
        STIMULUS, "its values in `Stimulus.parts`", stimulus,
        "        case .visibleMessageDismissedByApp: (.of(.appDismiss), [])\n",
        "        case .deviceLocked: (.of(.deviceLock), [])\n",
    )
    add_capability(
        copy, "deviceLock", STIMULUS_CAPABILITY, "The device can be locked (`device_locked` step).",
        "a `device_locked` step", behavioural=False,
    )
    copy.insert(
        STIMULUS, "`ReferenceEngine.handle(_:)`", "Sources/IAMSpecReferenceEngine/ReferenceEngine.swift",
        "            if let visible = screen.visible?.id { dismiss(visible) }\n",
        "        case .deviceLocked:\n            appInForeground = false\n",
    )

    copy.insert(
        STIMULUS, '`Specs/README.md` ("Steps": the step', "Specs/README.md",
        "Needs `app-dismissal`. The legacy SDK has no such public call, so its cases name `profiles: [braze-swift]`. |\n",
        "| `device_locked` | The device locks: the app goes to the background. Needs `device-lock`. |\n",
    )
    copy.insert(
        RULE, "`Specs/rules.yaml`: the rule under its area", "Specs/rules.yaml",
        "# ---------------------------------------------------------------- discard\n",
        "- id: reenqueue.device-lock\n"
        "  title: A message triggered while the device is locked goes back on the stack, as in the background\n"
        "  kind: clarification\n"
        "  source: 'The checklist trial''s scratch rule: braze-inc/braze-swift-sdk@18.2.0:"
        "Sources/BrazeUI/InAppMessageUI/InAppMessageUI.swift#present(message:)'\n"
        "  platforms:\n"
        "    web: unknown\n\n",
        before=True,
    )
    copy.edit(
        RULE, "Specs/README.md's \"Platforms\" table gets its name in the same column", "Specs/README.md",
        "`keyboard-legacy`, `keyboard-warning`, `swift-situations` | — |",
        "`keyboard-legacy`, `keyboard-warning`, `swift-situations` | `device-lock` |",
    )
    copy.create(
        RULE, "At least one case in `Specs/<area>/` whose `rules` names it, with a `# Catches:` comment",
        "Specs/reenqueue/device-lock.yaml",
        "# yaml-language-server: $schema=../schema.json\n"
        "# The checklist trial's scratch case: a locked device is an app in the background.\n\n"
        "# Catches: an engine that shows a message while the device is locked.\n"
        f"- id: {STIMULUS_CASE}\n"
        "  title: A message triggered while the device is locked goes back on the stack\n"
        "  rules: [reenqueue.device-lock, reenqueue.background]\n"
        "  given:\n"
        "    messages:\n"
        "      - {id: promo, triggers: [{custom_event: cart}]}\n"
        "  steps:\n"
        "    - session_start\n"
        "    - device_locked\n"
        "    - custom_event: cart\n"
        "    - expect: {sequence: [{stacked: promo, reason: background}],"
        " rules: [reenqueue.device-lock, reenqueue.background]}\n",
    )


def add_capability(copy, member, name, about, needed_by, behavioural):
    """A capability, by "A capability": the static member, `allCases`, its words, README."""
    capability = "Sources/IAMSpec/Model/Capability.swift"
    path = copy.path(capability)
    with open(path, encoding="utf-8") as file:
        positions = [int(p) for p in re.findall(r'= Capability\("[a-z-]+", (\d+)\)', file.read())]
    if not positions:
        raise TrialFailure(f"{capability}: no `Capability(\"name\", position)` member: the checklist's form moved")
    position = max(positions) + 1
    copy.insert(
        CAPABILITY, "a static member, `Capability(\"name\", position)`", capability,
        "\n    /// Every capability, in the order of their bits.\n",
        f"    /// {about}\n    public static let {member} = Capability(\"{name}\", {position})\n",
        before=True,
    )
    copy.insert(
        CAPABILITY, "appended to `allCases`", capability,
        "    ]\n\n    /// The capabilities by name, for ``init(rawValue:)``.\n", f"        .{member},\n",
        before=True,
    )
    copy.insert(
        CAPABILITY, "its words in `Capability.neededBy`", capability,
        "\n    ]\n}\n", f"\n        {json.dumps(needed_by)},",
        before=True,
    )
    if behavioural:
        copy.insert(
            CAPABILITY, "joins `Capability.behavioural`", capability,
            "[.priority, .minimumInterval, .clickFollowUp", f", .{member}",
        )
    copy.insert(
        CAPABILITY, '`Specs/README.md` ("Capabilities": what needs it', "Specs/README.md",
        "| `app-dismissal` | an `app_dismiss` step |\n",
        f"| `{name}` | {needed_by} |\n",
    )


def add_setting(copy):
    """Whether a test send waits behind a visible message, by "A setting"; its rule left ungated."""
    screen = "Sources/IAMSpecReferenceEngine/Rules/ScreenRules.swift"
    copy.insert(
        SETTING, "the value in `DeliveryRules`", screen,
        "    package var messageMeetingAnother = MeetingVisibleMessage.stacked\n",
        "\n    /// A test send is exempt from the minimum trigger interval, not from the one-at-a-time rule:\n"
        "    /// \"Another in-app message is currently visible\" (seed 003) names no exception (the\n"
        "    /// checklist trial's scratch setting).\n"
        "    package var testSendsWaitForVisibleMessage = true\n",
    )
    attempt = "Sources/IAMSpecReferenceEngine/Presentation/DisplayAttempt.swift"
    copy.insert(
        SETTING, "the engine reads it where it applies it", attempt,
        "    let messageMeetingAnother: ScreenRules.MeetingVisibleMessage\n",
        "    /// Whether a test send waits like any other (``ScreenRules/testSendsWaitForVisibleMessage``).\n"
        "    let testSendsWaitForVisibleMessage: Bool\n",
        located=True,
    )
    copy.insert(
        SETTING, "the engine reads it where it applies it", attempt,
        "        messageMeetingAnother = rules.screen.messageMeetingAnother\n",
        "        testSendsWaitForVisibleMessage = rules.screen.testSendsWaitForVisibleMessage\n",
        located=True,
    )
    copy.insert(
        SETTING, "the engine reads it where it applies it", attempt,
        "            guard conditions.messageVisible, !screen.replacesVisibleMessage(with: presentation) else { return nil }\n",
        "            if presentation.message.isTestSend, !testSendsWaitForVisibleMessage { return nil }\n",
        located=True,
    )
    add_capability(
        copy, "testSendWaits", SETTING_CAPABILITY,
        "A test send that meets another message on screen waits on the stack like any other.",
        "a rule gated by it, or it in `requires`: a case whose outcome changes when a test send is shown "
        "over the message on screen (proven by `iamspec lint`)",
        behavioural=True,
    )
    copy.insert(
        SETTING, "the other reading as a behaviour with `lacks:` the capability",
        "Sources/IAMSpecExplanation/Catalogue/BehaviourCatalogue.swift",
        "        ) { (rules: inout DeliveryRules) in rules.profile.clickHoldsFollowUp = false },\n",
        "        Behaviour(\n"
        f"            \"{BEHAVIOUR_ID}\",\n"
        "            rule: \"stack.test-send-waits\",\n"
        "            summary: \"shows a test send over the message on screen instead of stacking it\",\n"
        "            lacks: .testSendWaits\n"
        "        ) { (rules: inout DeliveryRules) in rules.screen.testSendsWaitForVisibleMessage = false },\n",
    )
    copy.insert(
        BEHAVIOUR, "a small scenario on which it answers differently from the reference engine",
        "Tests/IAMSpecExplanationTests/Support/MutantWitnesses.swift",
        "        case \"click-holds-no-follow-up\":\n",
        f"        case \"{BEHAVIOUR_ID}\":\n"
        "            return B.scenario([m1, B.message(\"m2\", B.level) { $0.isTestSend = true }], [B.start, B.event(\"tap\"), B.event(\"level\")])\n",
        before=True,
    )
    copy.insert(
        SETTING, "`Specs/rules.yaml`: the rule", "Specs/rules.yaml",
        "# ---------------------------------------------------------------- reenqueue\n",
        "- id: stack.test-send-waits\n"
        "  title: A test send that meets another message on screen goes on the stack like any other message\n"
        "  kind: clarification\n"
        "  source: 'The checklist trial''s scratch rule: braze-inc/braze-swift-sdk@18.2.0:"
        "Sources/BrazeUI/InAppMessageUI/InAppMessageUI.swift#validateNoMessagePresented(for:pendingDestination:)'\n"
        "  platforms:\n"
        "    web: unknown\n\n",
        before=True,
    )
    copy.edit(
        RULE, "Specs/README.md's \"Platforms\" table gets its name in the same column", "Specs/README.md",
        "`retrigger-moves-to-top` | `app-dismissal` |", "`retrigger-moves-to-top` | `app-dismissal`, `test-send-waits` |",
    )
    copy.create(
        SETTING, "the cases (`# Catches:`)", "Specs/stack/test-send-waits.yaml",
        "# yaml-language-server: $schema=../schema.json\n"
        "# The checklist trial's scratch case: a test send skips the interval, not the stack.\n\n"
        "# Catches: an engine that shows a test send over the message on screen.\n"
        f"- id: {SETTING_CASE}\n"
        "  title: A test send triggered while another message is visible goes on the stack\n"
        "  rules: [stack.test-send-waits, reenqueue.message-visible]\n"
        "  given:\n"
        "    messages:\n"
        "      - {id: promo, triggers: [{custom_event: cart}]}\n"
        "      - {id: qa-preview, test_send: true, triggers: [{custom_event: browse}]}\n"
        "  steps:\n"
        "    - session_start\n"
        "    - custom_event: cart\n"
        "    - expect: {sequence: [{displayed: promo}], setup: [reenqueue.message-visible]}\n"
        "    - custom_event: browse\n"
        "    - expect: {sequence: [{stacked: qa-preview, reason: message_visible}],"
        " rules: [stack.test-send-waits, reenqueue.message-visible]}\n",
    )
    copy.insert(
        SETTING, "the capability in \"Capabilities\" (its row, and the **Versions** paragraph)", "Specs/README.md",
        "(`click-follow-up`, Braze Swift's follow-up after a click",
        " and `test-send-waits`, a test send waiting behind a visible message",
    )


def gate_setting_rule(copy):
    """The setting's rule names its capability, as the lint's diagnostic asks."""
    copy.insert(
        SETTING, "the rule, with `capability:` when every case of it depends on the setting", "Specs/rules.yaml",
        "- id: stack.test-send-waits\n", "  capability: test-send-waits\n",
    )


class Trial:
    """Runs the copy's commands, each logged under WORK."""

    def __init__(self, work, copy):
        self.work = work
        self.copy = copy
        self.iamspec = os.path.join(copy.root, ".build", "debug", "iamspec")

    def run(self, name, command, expect=0, env=None):
        log = os.path.join(self.work, name + ".log")
        started = time.monotonic()
        with open(log, "w", encoding="utf-8") as out:
            status = subprocess.call(command, cwd=self.copy.root, stdout=out, stderr=subprocess.STDOUT, env=env)
        with open(log, encoding="utf-8", errors="replace") as out:
            text = out.read()
        if status != expect:
            lines = text.splitlines()
            errors = list(dict.fromkeys(line for line in lines if re.search(r"error:|failed|✘", line)))
            tail = "\n".join((errors or lines)[-60:])
            raise TrialFailure(f"`{' '.join(command)}` exited {status}, expected {expect}:\n{tail}")
        print(f"  {' '.join(command)}: exit {status} ({time.monotonic() - started:.0f} s)")
        return text


def results(path):
    with open(path, encoding="utf-8") as stream:
        return [record for record in map(json.loads, stream) if record.get("record") == "case"]


def check_runs(path, case, status, reason=None):
    """Every run of the case has the status (and a skip reason naming the capability)."""
    runs = [record for record in results(path) if record["id"] == case]
    if not runs:
        raise TrialFailure(f"{path}: no run of {case}")
    for run in runs:
        said = run.get("skip_reason") or run.get("message") or ""
        if run["status"] != status or (reason is not None and reason not in said):
            raise TrialFailure(
                f"{path}: {case} [{run['profile']}] is {run['status']} ({said!r}); expected {status}"
                + (f" naming {reason}" if reason else "")
            )
    return len(runs)


def declare_need(copy, relative, case):
    """An existing case that checks the setting's behaviour declares the new need, as the setting's
    checklist says of the cases that depend on it (lint named it)."""
    path = copy.path(relative)
    with open(path, encoding="utf-8") as file:
        content = file.read()
    start = content.find(f"- id: {case}\n")
    end = content.find("\n- id: ", start + 1)
    body = content[start:end if end >= 0 else len(content)]
    words = "each that depends on it otherwise declaring `requires: [<capability>]`"
    if start < 0 or "\n  rules: " not in body:
        raise TrialFailure(f"{relative}: lint named the case {case}, which the trial cannot find there")
    if "\n  requires: [" in body:
        needs = body.index("\n  requires: [") + len("\n  requires: [")
        copy.edit(SETTING, words, relative, body, body[:needs] + f"{SETTING_CAPABILITY}, " + body[needs:],
                  located=True)
        return
    rules_end = body.index("\n", body.index("\n  rules: ") + 1)
    copy.edit(SETTING, words, relative, body,
              body[:rules_end + 1] + f"  requires: [{SETTING_CAPABILITY}]\n" + body[rules_end + 1:], located=True)


def add_protocol_version(copy):
    """A scratch protocol version 3, made the newest: the example engines, written for protocol 2,
    must keep their verdicts, and every test that names a version must still hold."""
    copy.edit(VERSION, "the case, `latest`", "Sources/IAMSpecPortable/Wire/ProtocolVersion.swift",
              "    case v2 = 2\n",
              "    case v2 = 2\n    /// The checklist trial's scratch version: nothing new on the wire.\n    case v3 = 3\n")
    copy.edit(VERSION, "the case, `latest`", "Sources/IAMSpecPortable/Wire/ProtocolVersion.swift",
              "package static let latest = ProtocolVersion.v2", "package static let latest = ProtocolVersion.v3")


END_TO_END_TARGET = re.compile(r'\.testTarget\(\s*name: "iamspecEndToEndTests"')


def leave_out_end_to_end_tests(root):
    """The copy's Package.swift without the end-to-end tests' target (its declaration, on one line
    or as swift format splits it, up to its closing parenthesis and comma), and their folder
    removed: the copy's test bundle builds without them."""
    manifest = os.path.join(root, "Package.swift")
    with open(manifest, encoding="utf-8") as file:
        text = file.read()
    found = list(END_TO_END_TARGET.finditer(text))
    if len(found) != 1:
        raise TrialFailure(f"Package.swift: expected one declaration .testTarget(name: \"iamspecEndToEndTests\"...), "
                           f"found {len(found)}: the trial leaves the end-to-end tests out by it")
    start = text.rfind("\n", 0, found[0].start()) + 1
    depth, end = 0, found[0].start()
    while True:
        depth += {"(": 1, ")": -1}.get(text[end], 0)
        end += 1
        if depth == 0 and text[end - 1] == ")":
            break
    end = text.index("\n", end) + 1
    with open(manifest, "w", encoding="utf-8") as file:
        file.write(text[:start] + text[end:])
    shutil.rmtree(os.path.join(root, "Tests", "iamspecEndToEndTests"))


def through_overlay(repository, work):
    """Runs this script again in a mount namespace of its own, the repository's folder covered by an
    overlay whose upper folder is under WORK: its exit status, or None (with the reason printed)
    when no such namespace or overlay can be made here."""
    if shutil.which("unshare") is None:
        print("no unshare (util-linux): the trial makes a copy")
        return None
    if subprocess.call(["unshare", "--mount", "--map-root-user", "true"], stderr=subprocess.DEVNULL) != 0:
        print("unshare cannot make a mount namespace here: the trial makes a copy")
        return None
    if any(char in repository + work for char in ",:\\"):
        print("a comma, colon or backslash in the repository's or WORK's path, which overlay options cannot hold: "
              "the trial makes a copy")
        return None
    if os.path.commonpath([repository, work]) == repository:
        print("WORK is inside the repository, which the overlay covers: the trial makes a copy")
        return None
    # First a probe, its writes thrown away: what the trial does there (a folder of the repository
    # removed, a file written) must work in the overlay, or the copy is made.
    probe = in_overlay(repository, os.path.join(work, "overlay-probe"), [
        "sh", "-c", 'rm -rf "$1/Tests/iamspecEndToEndTests" && printf "\\n" >>"$1/Package.swift"', "probe",
        repository,
    ])
    subprocess.call(["rm", "-rf", os.path.join(work, "overlay-probe")])
    if probe != 0:
        reason = probe if isinstance(probe, str) else f"removing a folder or writing a file in it failed: status {probe}"
        print(f"no overlay here ({reason}): the trial makes a copy")
        return None
    status = in_overlay(repository, os.path.join(work, "overlay"), [
        sys.executable, os.path.abspath(__file__), *sys.argv[1:], INSIDE_OVERLAY,
    ])
    if isinstance(status, str):
        print(f"no overlay here ({status}): the trial makes a copy")
        subprocess.call(["rm", "-rf", os.path.join(work, "overlay")])
        return None
    return status


def in_overlay(repository, folder, command):
    """Runs COMMAND in a mount namespace of its own where an overlay covers the repository's
    folder, its upper folder under FOLDER: its exit status, or what `mount` said when the overlay
    could not be mounted."""
    upper, scratch = os.path.join(folder, "upper"), os.path.join(folder, "work")
    os.makedirs(upper)
    os.makedirs(scratch)
    # userxattr: the overlay's own marks (a removed folder's) as user attributes, which a user
    # namespace may write.
    options = f"userxattr,lowerdir={repository},upperdir={upper},workdir={scratch}"
    mount = f'mount -t overlay overlay -o "$1" "$2" 2>"$3" || exit {NO_OVERLAY}; shift 3; exec "$@"'
    refusal = os.path.join(folder, "mount.log")
    status = subprocess.call(["unshare", "--mount", "--map-root-user", "sh", "-c", mount, "overlay", options,
                              repository, refusal, *command])
    if status == NO_OVERLAY:
        with open(refusal, encoding="utf-8", errors="replace") as log:
            return " ".join(log.read().split()) or "the overlay could not be mounted"
    return status


def copy_repository(repository, root):
    """The repository's tracked and unignored files, copied into ROOT."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=repository, check=True, capture_output=True,
    ).stdout.decode().split("\0")
    for relative in filter(None, files):
        source = os.path.join(repository, relative)
        if os.path.isfile(source):
            os.makedirs(os.path.dirname(os.path.join(root, relative)), exist_ok=True)
            shutil.copy2(source, os.path.join(root, relative))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("repository")
    parser.add_argument("work")
    parser.add_argument("--check-jsonschema", default=shutil.which("check-jsonschema"))
    parser.add_argument("--java-classes")
    parser.add_argument("--edits-only", action="store_true")
    parser.add_argument("--copy", action="store_true")
    parser.add_argument(INSIDE_OVERLAY, action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    repository, work = os.path.abspath(arguments.repository), os.path.abspath(arguments.work)
    if not arguments.copy and not arguments.inside_overlay:
        status = through_overlay(repository, work)
        if status is not None:
            return status
    with open(os.path.join(repository, "ARCHITECTURE.md"), encoding="utf-8") as file:
        checklists = sections(file.read())
    root, flags = (repository, []) if arguments.inside_overlay else (os.path.join(work, "repo"), NO_DEBUG_INFO)
    try:
        if arguments.inside_overlay:
            print(f"In an overlay of {repository} (its writes in {os.path.join(work, 'overlay', 'upper')}), on its build:")
        else:
            copy_repository(repository, root)
            print(f"In a copy of the repository, {root}, built from nothing:")
        copy = Copy(root, checklists)
        trial = Trial(work, copy)

        print("The additions, step by step (ARCHITECTURE.md's checklists):")
        add_stimulus(copy)
        step_kind = sorted({relative for _, relative in copy.touched})
        if len(step_kind) > STEP_KIND_FILES:
            raise TrialFailure(
                f"the new step kind, with its capability, rule and case, took {len(step_kind)} files written by hand, "
                f"where \"{STIMULUS}\" says {STEP_KIND_FILES}: {', '.join(step_kind)}"
            )
        add_setting(copy)
        add_protocol_version(copy)
        for section, relative in sorted(set(copy.touched)):
            print(f"  {section.split(' (')[0]}: {relative}")
        print(f"  the new step kind took {len(step_kind)} files written by hand (at most {STEP_KIND_FILES})")
        if arguments.edits_only:
            return 0

        print("Built and proven:")
        trial.run("build", ["swift", "build", "--product", "iamspec", *flags])
        copy.says(STIMULUS, "once it builds, `scripts/update-schemas` writes the step's forms", "to run it")
        copy.says(CAPABILITY, "`scripts/update-schemas`, once it builds", "to run it")
        written = trial.run("update-schemas", ["scripts/update-schemas", trial.iamspec])
        print("  scripts/update-schemas wrote " + "; ".join(written.splitlines()))
        hello = subprocess.run([trial.iamspec, "engine", "--stdio"], input='{"type":"hello","protocol":3}\n',
                               capture_output=True, text=True, cwd=root, timeout=120)
        answer = json.loads((hello.stdout.splitlines() or ["{}"])[0])
        if answer.get("type") != "hello_reply" or answer.get("protocol") != 3:
            raise TrialFailure(f"`iamspec engine --stdio` answered hello offering 3 with {hello.stdout!r}: "
                               "expected the new version")
        print("  `iamspec engine --stdio` answers hello offering version 3 with version 3")
        refused = trial.run("lint-ungated", [trial.iamspec, "lint", "Specs"], expect=2)
        # Every error asks a case for the new need: the new case, and any case of Specs that
        # already checks the behaviour the setting names.
        needs = re.findall(
            r"^(Specs/[^:\n]+):\d+:\d+: error: case '([^']+)' fails on an engine that .*?"
            + re.escape(f"requires: [{SETTING_CAPABILITY}]"),
            refused,
            re.M | re.S,
        )
        if ("Specs/stack/test-send-waits.yaml", SETTING_CASE) not in needs or refused.count(": error: ") != len(needs):
            raise TrialFailure("lint of the ungated setting: expected errors only asking cases, the new case "
                               f"among them, for `requires: [{SETTING_CAPABILITY}]`; it said:\n{refused}")
        print(f"  lint refused the ungated case{'s' if len(needs) > 1 else ''}: "
              + ", ".join(case for _, case in needs))
        for relative, case in needs:
            if case != SETTING_CASE:
                declare_need(copy, relative, case)
        gate_setting_rule(copy)
        trial.run("lint", [trial.iamspec, "lint", "Specs"])
        listed = trial.run("capabilities", [trial.iamspec, "capabilities", "Specs"])
        for name, words in ((STIMULUS_CAPABILITY, "a `device_locked` step"), (SETTING_CAPABILITY, "a test send")):
            if not re.search(r"^" + re.escape(name) + r" .*" + re.escape(words), listed, re.M):
                raise TrialFailure(f"`iamspec capabilities Specs` does not list {name} with its words:\n{listed}")
        reference = os.path.join(work, "reference.jsonl")
        trial.run("run", [trial.iamspec, "run", "Specs", "--json", reference])
        runs = check_runs(reference, SETTING_CASE, "passed") + check_runs(reference, STIMULUS_CASE, "passed")
        print(f"  the reference engine passes the new cases' {runs} runs")
        trial.run("mutate", [trial.iamspec, "mutate", "Specs", "--mutant", BEHAVIOUR_ID])
        new_cases = ["Specs/stack/test-send-waits.yaml", "Specs/reenqueue/device-lock.yaml"]
        if arguments.check_jsonschema:
            trial.run("schema", [arguments.check_jsonschema, "--schemafile", "Specs/schema.json", *new_cases])

        engines = [("python", "python3 Fixtures/engines/example_engine.py")]
        if shutil.which("node"):
            engines.append(("node", "node Fixtures/engines/example_engine.mjs"))
        else:
            print("  node not found: the Node example engine not tried")
        if arguments.java_classes:
            engines.append(("java", f"java -cp '{os.path.abspath(arguments.java_classes)}' ExampleEngine"))
        else:
            print("  no Java classes given: the Java example engine not tried")
        for name, command in engines:
            stream = os.path.join(work, f"{name}.jsonl")
            trial.run(f"engine-{name}", [trial.iamspec, "run", *new_cases, "--validate-protocol",
                                         "--engine-command", command, "--json", stream])
            skipped = check_runs(stream, SETTING_CASE, "skipped", SETTING_CAPABILITY)
            skipped += check_runs(stream, STIMULUS_CASE, "skipped", STIMULUS_CAPABILITY)
            print(f"  the {name} example engine skips the new cases' {skipped} runs, naming the capability")

        whole = os.path.join(work, "python-whole.jsonl")
        trial.run("engine-python-whole", [trial.iamspec, "run", "Specs", "--engine-command",
                                          "python3 Fixtures/engines/example_engine.py", "--json", whole])
        statuses = [record["status"] for record in results(whole)]
        if "failed" in statuses or "error" in statuses or "passed" not in statuses:
            raise TrialFailure(f"{whole}: the Python example engine on the whole copy: {statuses.count('failed')} "
                               f"failed, {statuses.count('error')} errors: the additions changed its verdict")
        print(f"  the Python example engine on the copy's whole Specs: {statuses.count('passed')} passed, "
              f"{statuses.count('skipped')} skipped, none failed")

        site = os.path.join(work, "site")
        trial.run("docs", [trial.iamspec, "docs", "Specs", "--out", site,
                           "--results", os.path.join(work, "python.jsonl")])
        for page, words in (("areas/reenqueue.html", "the device locks"), ("areas/stack.html", "stack.test-send-waits")):
            with open(os.path.join(site, page), encoding="utf-8") as file:
                if words not in file.read():
                    raise TrialFailure(f"the docs site's {page} does not say {words!r}: the site missed the addition")
        print("  the docs site tells the new step in words and shows the new rule")

        trial.run("update-bundled-specs", ["scripts/update-bundled-specs", trial.iamspec])
        leave_out_end_to_end_tests(root)
        tests = trial.run("swift-test", ["swift", "test", *flags])
        summary = [line for line in tests.splitlines() if re.search(r"Test run with \d+ tests|Executed \d+ tests", line)]
        print("  swift test: " + "; ".join(line.strip() for line in summary[-2:]))
    except TrialFailure as failure:
        print(f"checklist trial: error: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
