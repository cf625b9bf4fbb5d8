"""An absolute sentence carries evidence, a bound, or a probe that tries its edge cases, in each
language, and a probe that refutes its sentence fails the build naming the counter-example
(torch_notes/evidence/checks/absolute_statements.py, execution/statement_probes.py)."""

from __future__ import annotations

import json
import re
import shutil

import pytest

PAGE = """\
# Absolutes

Tensors always carry a dtype.

Gradients never vanish here, says {claim}`4.5 <example.grad>`.

On 2.6–2.14 a fragment only runs once.

A reviewed sentence is only true once.

Code such as `all(x)` or a quote {note}`001:grad_fn=<AddBackward>` is no statement.

## Exercises

1. Write a function that works for every tensor.
"""
CHINESE = """\
# 绝对的说法

所有张量都有数据类型。

这一句经过审阅，只能如此。

它总是成立 {claim}`4.5 <example.grad>`。
"""


# A probe that holds: a plain file of cases, as in probes/ (execution.statement_probes).
HOLDING_PROBE = '''"""Planted: a reviewed sentence is true once."""


def case_once():
    """the one case"""
    assert 1 + 1 == 2, "arithmetic changed"
'''


def build(make_app, rootdir, tmp_path, page, reviewed, language="en", probes=None, **conf):
    """Build the test project with ``page`` and the reviewed list; its warnings of the check.
    ``conf``: more configuration (a history folder, the topic pages)."""
    srcdir = tmp_path / "claims"
    shutil.copytree(rootdir / "test-claims", srcdir)
    (srcdir / "absolutes.md").write_text(page, encoding="utf-8")
    (srcdir / "reviewed").mkdir()
    (srcdir / "reviewed" / f"{language}.toml").write_text(reviewed, encoding="utf-8")
    for name, source in ({"planted/once": HOLDING_PROBE} | (probes or {})).items():
        (srcdir / "probes" / name).parent.mkdir(parents=True, exist_ok=True)
        (srcdir / "probes" / f"{name}.py").write_text(source, encoding="utf-8")
    app = make_app(
        "html",
        srcdir=srcdir,
        confoverrides={
            "evidence_reviewed_absolutes": str(srcdir / "reviewed"),
            "evidence_probes_dir": str(srcdir / "probes"),
            "language": language,
            **conf,
        },
    )
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    return [line for line in warnings.splitlines() if "[evidence.absolute]" in line]


REVIEWED = """\
[[sentence]]
page = "absolutes"
text = "A reviewed sentence is only true once."
probe = "planted/once"

[[sentence]]
page = "absolutes"
text = "A sentence that left the page is always stale."
probe = "planted/once"
"""


def test_every_unbacked_absolute_fails_naming_page_and_sentence(make_app, rootdir, tmp_path):
    found = build(make_app, rootdir, tmp_path, PAGE, REVIEWED)
    unbacked = [line for line in found if "no evidence" in line]
    assert len(unbacked) == 1, found
    assert "absolutes.md:3" in unbacked[0] and "'Tensors always carry a dtype.'" in unbacked[0]
    stale = [line for line in found if "not on absolutes any more" in line]
    assert len(stale) == 1 and "always stale" in stale[0]
    assert len(found) == 2, "\n".join(
        found
    )  # backed, bounded, reviewed, code, quotes and tasks pass


def test_a_reason_alone_is_no_evidence(make_app, rootdir, tmp_path):
    prose_only = REVIEWED.replace('probe = "planted/once"', 'reason = "a reviewer checked it"', 1)
    found = build(make_app, rootdir, tmp_path, PAGE, prose_only)
    assert any("sentence 1" in line and "a reason alone is no evidence" in line for line in found)
    assert any("no evidence: 'A reviewed sentence is only true once.'" in line for line in found)


def test_a_listed_probe_must_exist(make_app, rootdir, tmp_path):
    missing = REVIEWED.replace('probe = "planted/once"', 'probe = "planted/gone"', 1)
    found = build(make_app, rootdir, tmp_path, PAGE, missing)
    assert any("no probe probes/planted/gone.py" in line for line in found), found


# The two sentences an audit refuted, planted with probes that try them on the installed torch:
# each must fail the build, naming the page, the sentence and the case that refutes it.
CAT_PROBE = '''"""torch.cat requires the other sizes to match."""

import torch


def case_other_sizes_differ():
    """2 x 3 and 2 x 4 joined along dimension 0"""
    try:
        torch.cat([torch.ones(2, 3), torch.ones(2, 4)])
    except RuntimeError:
        return
    raise AssertionError("they were joined")


def case_empty_1d():
    """a 1-D empty tensor beside a 2 x 3 one"""
    try:
        joined = torch.cat([torch.ones(2, 3), torch.empty(0)])
    except RuntimeError:
        return
    raise AssertionError(f"it was skipped: the result has shape {tuple(joined.shape)}")
'''
WEIGHTS_ONLY_PROBE = '''"""torch.load(weights_only=True) refuses an OrderedDict."""

import collections
import io
import pickle

import torch


def case_ordered_dict():
    """an OrderedDict saved and loaded back"""
    buffer = io.BytesIO()
    torch.save(collections.OrderedDict(w=torch.ones(1)), buffer)
    buffer.seek(0)
    try:
        loaded = torch.load(buffer, weights_only=True)
    except pickle.UnpicklingError:
        return
    raise AssertionError(f"it was rebuilt as {type(loaded).__name__}")
'''
PLANTED = """\
# Planted

`torch.cat` requires the other sizes to match.

`weights_only` refuses `OrderedDict`.
"""
PLANTED_LIST = """\
[[sentence]]
page = "absolutes"
text = "torch.cat requires the other sizes to match."
probe = "planted/cat"

[[sentence]]
page = "absolutes"
text = "weights_only refuses OrderedDict."
probe = "planted/weights_only"
"""


def test_a_planted_sentence_fails_naming_page_sentence_and_counter_example(
    make_app, rootdir, tmp_path
):
    probes = {"planted/cat": CAT_PROBE, "planted/weights_only": WEIGHTS_ONLY_PROBE}
    found = build(make_app, rootdir, tmp_path, PLANTED, PLANTED_LIST, probes=probes)
    refuted = [line for line in found if "a general statement its probe refutes" in line]
    assert len(refuted) == 2, found
    cat, weights_only = refuted
    assert "absolutes.md:3" in cat and "'torch.cat requires the other sizes to match.'" in cat
    assert "probes/planted/cat.py" in cat and "case empty_1d (a 1-D empty tensor" in cat
    assert "it was skipped: the result has shape (2, 3)" in cat
    assert "other_sizes_differ" not in cat  # the case that holds is not named
    assert (
        "absolutes.md:5" in weights_only and "'weights_only refuses OrderedDict.'" in weights_only
    )
    assert "case ordered_dict" in weights_only and "rebuilt as OrderedDict" in weights_only


def test_a_probe_refuted_in_a_release_record_fails(make_app, rootdir, tmp_path):
    """A probe that holds here but was refuted on a supported release (history/) fails too."""
    history = tmp_path / "history"
    history.mkdir()
    record = {
        "provenance": {"release": "2.99.0", "build": "cpu", "python": "3.11", "date": "2026-12-06"},
        "failures": {},
        "facts": {"probes.planted/once.once": "refuted: arithmetic changed"},
    }
    (history / "torch-2.99.0.json").write_text(json.dumps(record), encoding="utf-8")
    srcdir = tmp_path / "claims"
    found = build(make_app, rootdir, tmp_path, PAGE, REVIEWED)
    assert not any("refutes" in line for line in found), found
    shutil.rmtree(srcdir)
    found = build(
        make_app,
        rootdir,
        tmp_path,
        PAGE,
        REVIEWED,
        release_history_dir=str(history),
        evidence_supported_from="",
    )
    refuted = [line for line in found if "refutes" in line]
    assert len(refuted) == 1 and "on 2.99.0 (history/torch-2.99.0.json)" in refuted[0], found
    assert "case once: arithmetic changed" in refuted[0]


@pytest.mark.parametrize("reviewed", [True, False])
def test_chinese_absolutes_are_checked_in_the_chinese_build(make_app, rootdir, tmp_path, reviewed):
    review = (
        '[[sentence]]\npage = "absolutes"\ntext = "这一句经过审阅，只能如此。"\n'
        'probe = "planted/once"\n'
    )
    found = build(make_app, rootdir, tmp_path, CHINESE, review if reviewed else "", "zh_CN")
    sentences = sorted(re.findall(r"no evidence: '([^']*)'", "\n".join(found)))
    expected = ["所有张量都有数据类型。"] + ([] if reviewed else ["这一句经过审阅，只能如此。"])
    assert sentences == sorted(expected), found


ONE_PLACE_PROBE = HOLDING_PROBE.replace('"""\n\n\n', '"""\n\nAPI = ("weights_only",)\n\n\n', 1)
TWO_PAGES = """\
# Two pages

`weights_only` rebuilds tensors and dicts.

`weights_only` keeps what the saving page says it keeps.

Here `weights_only` loads this file.
"""
ONE_LISTED = """\
[[sentence]]
page = "absolutes"
text = "weights_only keeps what the saving page says it keeps."
probe = "planted/one_place"
"""


def test_one_behaviour_is_stated_on_its_one_probe(make_app, rootdir, tmp_path):
    """A sentence naming an API that a probe declares must rest on that probe; one bound to
    the example ("here") need not."""
    found = build(
        make_app,
        rootdir,
        tmp_path,
        TWO_PAGES,
        ONE_LISTED,
        probes={"planted/one_place": ONE_PLACE_PROBE},
    )
    elsewhere = [line for line in found if "does not rest on probes/planted/one_place.py" in line]
    assert len(elsewhere) == 1, found
    assert "'weights_only rebuilds tensors and dicts.'" in elsewhere[0]
    assert "absolutes.md:3" in elsewhere[0]


BY_MEANING = """\
# By meaning

`torch.cat` joins tensors along a dimension they already have.

Here `torch.cat` joins the two tensors above.

Note 004 says `max()` is no node of the graph.

`torch.stack` adds a new dimension: {claim}`True <example.grad>`.
"""


def test_a_sentence_that_states_an_api_behaviour_needs_evidence_without_an_absolute_word(
    make_app, rootdir, tmp_path
):
    """On a page that teaches, a present-tense sentence naming an API is a general statement
    (found by its meaning): bound to the example, backed by a claim, or reporting a note, it
    passes; otherwise it fails naming the API."""
    warnings = build(
        make_app, rootdir, tmp_path, BY_MEANING, "", evidence_topic_pages=["index", "absolutes"]
    )
    found = [line for line in warnings if "general statement with no evidence" in line]
    assert len(found) == 1, found
    assert "'torch.cat joins tensors along a dimension they already have.'" in found[0]
    assert "it names torch.cat in the present tense" in found[0]


def test_a_probe_past_the_time_limit_stops_naming_its_file_and_line(tmp_path, monkeypatch):
    """A probe runs within the build's time limit (torch_notes.time_limits); one that runs
    past it is no refuted case but the build's failure, naming the probe and its line."""
    from torch_notes.evidence.execution.statement_probes import run_probe
    from torch_notes.time_limits import TimeLimitExceeded

    monkeypatch.setenv("TORCH_NOTES_TIME_LIMIT", "1")
    probe = tmp_path / "slow.py"
    probe.write_text(
        '"""Planted: never ends."""\nimport time\n\n\ndef case_forever():\n'
        '    """a case that waits"""\n    while True:\n        time.sleep(0.01)\n',
        encoding="utf-8",
    )
    with pytest.raises(TimeLimitExceeded, match=r"slow\.py.*line [78]"):
        run_probe(probe, "planted/slow")
