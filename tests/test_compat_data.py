"""The compatibility dataset (torch_notes/evidence/reports/compat_data.py): one JSON file per
build, keyed by API, validated against its JSON Schema, linked with its commit, release and
terms; and the README's consumer of it, run as printed."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
import shutil
import sys
import types

import pytest

from torch_notes import paths
from torch_notes.evidence.execution.release_records import Record, Span, Status, nothing_printed
from torch_notes.evidence.model.records import Outcome, Raised, Row, RowSource
from torch_notes.evidence.reports import compat_data


def build(make_app, rootdir, tmp_path):
    srcdir = tmp_path / "claims"
    shutil.copytree(rootdir / "test-claims", srcdir)
    page = srcdir / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n```{compat-dataset}\n```\n", "utf-8")
    app = make_app("html", srcdir=srcdir, freshenv=True)
    app.build()
    return app


def test_every_build_writes_the_dataset_that_fits_its_schema(make_app, rootdir, tmp_path):
    app = build(make_app, rootdir, tmp_path)
    assert "compat.json" not in re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    data = json.loads((app.outdir / "compat.json").read_text(encoding="utf-8"))
    schema = json.loads((app.outdir / "compat.schema.json").read_text(encoding="utf-8"))
    assert compat_data.problems(data, schema) == []
    claims = data["claims"]
    assert claims, "every row of the errata table is a claim"
    # Keyed by the API each row is about (tests/roots/test-claims/apis.toml), not its anchor.
    assert sorted(claims) == ["torch.Tensor.__add__", "torch.Tensor.grad_fn"]
    erratum = claims["torch.Tensor.grad_fn"]
    assert erratum["api"] == "torch.Tensor.grad_fn" and "alternative_name" not in erratum
    assert erratum["note"] == "001" and erratum["words"] == "grad_fn=<AddBackward>"
    assert erratum["evidence"]["executed"] == ["example.name"]
    assert erratum["page"].startswith("index.html#erratum-")
    # No release is recorded in this project: nothing to say when its code ran.
    assert erratum["version_added"] is None and erratum["version_removed"] is None
    meta = data["__meta"]
    assert meta["torch"] and meta["licence"].startswith("MIT")
    assert meta["schema_version"] == 2 and meta["language"] == "en" and meta["base_url"] is None
    # The page links the file and its schema, and says what it was made from.
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert 'href="compat.json"' in html and 'href="compat.schema.json"' in html
    assert data["__meta"]["site_commit"][:12] in html


def test_with_a_public_address_every_page_is_absolute(make_app, rootdir, tmp_path, monkeypatch):
    monkeypatch.setenv("TORCH_NOTES_BASE_URL", "https://example.org/torch-notes")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764892800")
    app = build(make_app, rootdir, tmp_path)
    data = json.loads((app.outdir / "compat.json").read_text(encoding="utf-8"))
    assert data["__meta"]["base_url"] == "https://example.org/torch-notes/"
    assert data["__meta"]["built"] == "2025-12-05T00:00:00Z"  # the pages' date source
    page = data["claims"]["torch.Tensor.grad_fn"]["page"]
    assert page.startswith("https://example.org/torch-notes/en/index.html#erratum-")


def test_a_project_that_names_no_api_writes_no_dataset(make_app, rootdir, tmp_path):
    srcdir = tmp_path / "claims"
    shutil.copytree(rootdir / "test-claims", srcdir)
    app = make_app("html", srcdir=srcdir, confoverrides={"evidence_api_names": ""}, freshenv=True)
    app.build()
    assert not (app.outdir / "compat.json").exists()


def test_a_dataset_that_breaks_its_schema_is_named_where(make_app, rootdir, tmp_path):
    app = build(make_app, rootdir, tmp_path)
    data = json.loads((app.outdir / "compat.json").read_text(encoding="utf-8"))
    schema = compat_data.published_schema()  # its verdicts read from model/verdicts.py
    broken = copy.deepcopy(data)
    key = next(iter(broken["claims"]))
    broken["claims"][key]["verdict"] = "probably fine"
    del broken["__meta"]["site_commit"]
    found = compat_data.problems(broken, schema)
    assert any(p.startswith(f"claims/{key}/verdict: 'probably fine' is not one of") for p in found)
    assert any("'site_commit' is a required property" in p for p in found)


RUN = {"since": "2.0", "until": "2.5"}


@pytest.mark.parametrize(
    ("entry", "complaint"),
    [
        ({**RUN, "result": "different"}, "'value' is a required property"),
        ({**RUN, "result": "cannot run"}, "'error' is a required property"),
        ({**RUN, "result": "cannot run", "error": "E", "value": "1"}, "should not be valid"),
        ({**RUN, "result": "as now", "value": "1"}, "should not be valid"),
    ],
)
def test_a_result_without_its_value_or_error_breaks_the_schema(entry, complaint):
    data = dataset_fixture()
    data["claims"]["torch.load.weights_only"]["support"] = [entry]
    found = compat_data.problems(data, compat_data.published_schema())
    assert len(found) == 1 and found[0].startswith("claims/torch.load.weights_only/support/0")
    assert complaint in found[0], found


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda c: c.pop("api"), "'api' is a required property"),
        (lambda c: c.update(api="retain_variables=True"), "does not match"),
        (lambda c: c.update(version_added="2.0+"), "does not match"),
    ],
)
def test_a_claim_without_a_dotted_api_or_with_a_bad_version_breaks_the_schema(change, complaint):
    data = dataset_fixture()
    change(data["claims"]["torch.load.weights_only"])
    found = compat_data.problems(data, compat_data.published_schema())
    assert any(complaint in p for p in found), found


def record(minor: str, **facts) -> Record:
    return Record(f"{minor}.0", "cpu", "2026-12-04", "3.12", facts, {})


def test_the_first_release_that_runs_a_note_and_the_first_that_no_longer_does():
    recorded = (
        record("2.0", a=1),
        record("2.1", a=1),
        record("2.2", a=Raised("UnpicklingError", "Weights only load failed")),
        record("2.3"),  # not recorded there: cannot run
    )

    def row(*keys: str) -> Row:
        claims = tuple(("1", key) for key in keys)
        now = compat_data.installed_torch()
        return Row(RowSource.QUOTE, "004", "w", "", Outcome(), (), "p", "a", now, claims=claims)

    assert compat_data.versions(row("a"), recorded) == {
        "version_added": "≤2.0",
        "version_removed": "2.2",
    }
    late = (record("2.0"), record("2.1", a=1), record("2.2", a=1))
    assert compat_data.versions(row("a"), late) == {"version_added": "2.1", "version_removed": None}
    never = (record("2.0", a=Raised("TypeError")), record("2.1", a=Raised("TypeError")))
    assert compat_data.versions(row("a"), never) == {"version_added": None, "version_removed": None}
    assert compat_data.versions(row(), recorded) == {"version_added": None, "version_removed": None}


def dataset_fixture() -> dict:
    """A small dataset that fits the schema: three claims whose answer to "which lines fail on
    my release?" is known."""
    claim = {
        "note": "004", "words": "w", "words_en": "", "now": "", "verdict": "holds",
        "source": "erratum", "page": "p.html#a", "evidence": {"executed": [], "cited": []},
    }  # fmt: skip
    data = {
        "__meta": {
            "schema_version": 2, "site_commit": "", "base_url": None, "language": "en",
            "built": "2026-12-05T00:00:00Z", "torch": "2.13.0+cpu", "torch_build": "cpu",
            "licence": "MIT", "quotations": "q",
        },
        "releases": [{"release": "2.0.1", "minor": "2.0", "build": "cpu", "recorded": "2026-12-04"}],
        "claims": {
            "torch.load.weights_only": {
                **claim, "api": "torch.load.weights_only", "version_added": "≤2.0",
                "version_removed": "2.6", "page": "networks/saving.html#erratum-0",
                "support": [
                    {"since": "2.0", "until": "2.5", "result": "different", "value": ""},
                    {"since": "2.6", "until": "2.13", "result": "as now"},
                ],
            },
            "torch.Tensor.backward.retain_variables": {
                **claim, "api": "torch.Tensor.backward.retain_variables",
                "alternative_name": "torch.Tensor.backward.retain_graph",
                "version_added": None, "version_removed": None, "page": "autograd/lifetime.html",
                "support": [{"since": "2.0", "until": "2.13", "result": "as now"}],
            },
            "torch.empty": {
                **claim, "api": "torch.empty", "version_added": "≤2.0", "version_removed": None,
                "support": [{"since": "2.0", "until": "2.13", "result": "as now"}],
            },
        },
    }  # fmt: skip
    assert compat_data.problems(data, compat_data.published_schema()) == []
    return data


def readme_consumer(readme: str) -> str:
    """The README's example consumer: the Python block of its dataset section."""
    blocks = re.findall(r"^```python\n(.*?)^```", readme, re.MULTILINE | re.DOTALL)
    consumers = [b for b in blocks if "compat.json" in b]
    assert len(consumers) == 1, "one consumer of compat.json in the README"
    return consumers[0]


@pytest.mark.parametrize("readme", ["README.md", "README.zh_CN.md"])
@pytest.mark.parametrize(
    ("release", "failing"),
    [
        ("2.13.0+cpu", ["torch.Tensor.backward.retain_variables", "torch.load.weights_only"]),
        ("2.5.1+cu121", ["torch.Tensor.backward.retain_variables"]),
    ],
)
def test_the_readme_consumer_says_which_lines_fail_on_my_release(
    readme, release, failing, tmp_path, monkeypatch
):
    code = readme_consumer((paths.ROOT / readme).read_text(encoding="utf-8"))
    built = tmp_path / "_build" / "site" / "en" / "compat.json"
    built.parent.mkdir(parents=True)
    built.write_text(json.dumps(dataset_fixture(), ensure_ascii=False), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "torch", types.SimpleNamespace(__version__=release))
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, readme, "exec"), {"__name__": "readme"})  # noqa: S102 - the README's own
    lines = printed.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == failing
    retain = next(line for line in lines if line.startswith("torch.Tensor.backward"))
    assert "-> torch.Tensor.backward.retain_graph autograd/lifetime.html" in retain


def test_a_claim_holds_its_results_release_by_release():
    assert compat_data.support(Span("2.0", "2.5", Status.CANNOT_RUN, "AttributeError: x")) == {
        "since": "2.0",
        "until": "2.5",
        "result": "cannot run",
        "error": "AttributeError: x",
    }
    assert compat_data.support(Span("2.6", "2.14", Status.SAME, "")) == {
        "since": "2.6",
        "until": "2.14",
        "result": "as now",
    }
    # What a release printed is data, the same in both languages: "" when it printed nothing.
    nothing = Span("2.0", "2.5", Status.DIFFERENT, nothing_printed())
    assert compat_data.support(nothing)["value"] == ""
    assert compat_data.support(Span("2.0", "2.0", Status.CANNOT_RUN, ""))["error"] == ""


def test_two_builds_compare_their_datasets_but_not_their_dates(tmp_path):
    from torch_notes.commands.determinism import compare

    first, second = tmp_path / "first", tmp_path / "second"
    data = dataset_fixture()
    for site, built in ((first, "2026-12-05T00:00:00Z"), (second, "2026-12-06T09:30:00Z")):
        (site / "en").mkdir(parents=True)
        data["__meta"]["built"] = built
        (site / "en" / "compat.json").write_text(json.dumps(data), encoding="utf-8")
    assert compare(first, second) == ([], 0)
    data["claims"]["torch.empty"]["version_added"] = "2.1"
    (second / "en" / "compat.json").write_text(json.dumps(data), encoding="utf-8")
    assert compare(first, second) == (["en/compat.json"], 2)
