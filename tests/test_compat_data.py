"""The compatibility dataset (torch_notes/evidence/reports/compat_data.py): one JSON file per
build, validated against its JSON Schema, linked with its commit, release and terms."""

from __future__ import annotations

import copy
import json
import re
import shutil

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
    erratum = next(c for c in claims.values() if c["source"] == "erratum")
    assert erratum["note"] == "001" and erratum["words"] == "grad_fn=<AddBackward>"
    assert erratum["evidence"]["executed"] == ["example.name"]
    assert erratum["page"].startswith("index.html#erratum-")
    assert data["__meta"]["torch"] and data["__meta"]["licence"].startswith("MIT")
    # The page links the file and its schema, and says what it was made from.
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert 'href="compat.json"' in html and 'href="compat.schema.json"' in html
    assert data["__meta"]["site_commit"][:12] in html


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


def test_a_claim_holds_its_results_release_by_release():
    from torch_notes.evidence.execution.release_records import Span, Status

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
