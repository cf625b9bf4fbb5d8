"""The workflows run the code they name: every action is pinned to a commit, and Dependabot
proposes its updates."""

from __future__ import annotations

import re

import yaml

from torch_notes.paths import ROOT

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
# `uses: owner/name@<40 hex digits> # v1.2.3`: a tag can be moved, a commit cannot.
PINNED = re.compile(r"^\s*(?:- )?uses: [\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*\s*$")


def test_every_action_is_pinned_to_a_commit_with_its_tag():
    uses = [
        (workflow.name, line)
        for workflow in WORKFLOWS
        for line in workflow.read_text(encoding="utf-8").splitlines()
        if re.match(r"^\s*(- )?uses:", line)
    ]
    assert len(WORKFLOWS) >= 2 and uses
    unpinned = [f"{name}: {line.strip()}" for name, line in uses if not PINNED.match(line)]
    assert not unpinned, "pin to a full commit SHA, the tag in a comment:\n" + "\n".join(unpinned)


def test_dependabot_watches_the_actions_weekly():
    config = yaml.safe_load((ROOT / ".github" / "dependabot.yml").read_text(encoding="utf-8"))
    watched = {u["package-ecosystem"]: u["schedule"]["interval"] for u in config["updates"]}
    assert watched.get("github-actions") == "weekly"
