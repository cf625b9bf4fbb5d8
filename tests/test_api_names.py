"""Every row of the errata table names its API in a reviewed file (torch_notes/evidence/checks/
api_names.py): a row without one, a name taken twice and a name that matches no row fail the
build, each naming the row."""

from __future__ import annotations

import re
import shutil
import tomllib

from torch_notes import paths
from torch_notes.evidence.checks.api_names import DOTTED, Api, read_names

ROOT_NAMES = "apis.toml"  # test-claims' own names


def build(make_app, rootdir, tmp_path, edit):
    srcdir = tmp_path / "claims"
    shutil.copytree(rootdir / "test-claims", srcdir)
    names = srcdir / ROOT_NAMES
    names.write_text(edit(names.read_text(encoding="utf-8")), encoding="utf-8")
    app = make_app("html", srcdir=srcdir, freshenv=True)
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    return [line for line in warnings.splitlines() if "API names" in line], app


def test_the_test_project_names_every_row(make_app, rootdir, tmp_path):
    found, app = build(make_app, rootdir, tmp_path, lambda text: text)
    assert found == []
    assert (app.outdir / "compat.json").is_file()


def test_a_row_without_an_api_fails_naming_it(make_app, rootdir, tmp_path):
    def drop_erratum(text: str) -> str:
        entries = text.split("\n[[row]]\n")
        kept = [e for e in entries if "words = 'grad_fn=<AddBackward>'" not in e]
        assert len(kept) == len(entries) - 1
        return "\n[[row]]\n".join(kept)

    found, _ = build(make_app, rootdir, tmp_path, drop_erratum)
    assert len(found) == 1, found
    assert "index.md" in found[0] and "note 001 'grad_fn=<AddBackward>': no api" in found[0]


def test_a_duplicated_api_fails_naming_both_rows(make_app, rootdir, tmp_path):
    found, _ = build(
        make_app,
        rootdir,
        tmp_path,
        lambda text: text.replace("api = 'torch.Tensor.__add__'", "api = 'torch.Tensor.grad_fn'"),
    )
    duplicate = [line for line in found if "already row" in line]
    assert len(duplicate) == 1, found
    assert "api 'torch.Tensor.grad_fn' is already row 1's" in duplicate[0]
    assert "row 2 (note 001" in duplicate[0]


def test_a_name_that_matches_no_row_fails(make_app, rootdir, tmp_path):
    stray = "\n[[row]]\nnote = '001'\npage = 'index'\nwords = 'gone'\napi = 'torch.gone'\n"
    found, _ = build(make_app, rootdir, tmp_path, lambda text: text + stray)
    assert len(found) == 1, found
    assert "note 001 'gone': api 'torch.gone' matches no row" in found[0]


def test_a_malformed_entry_is_named(tmp_path):
    path = tmp_path / "apis.toml"
    path.write_text(
        "[[row]]\nnote = '001'\npage = 'p'\nwords = 'w'\n"
        "\n[[row]]\nnote = '001'\npage = 'p'\nwords = 'v'\napi = 'retain_variables=True'\n",
        encoding="utf-8",
    )
    _, problems = read_names(path)
    assert problems == [
        "apis.toml: row 1 lacks 'api'",
        (
            "apis.toml: row 2 (note 001 'v'): api 'retain_variables=True' is not a dotted path "
            "(torch.x.y)"
        ),
    ]
    assert read_names(tmp_path / "none.toml")[1][0].startswith("no API names")


def test_the_site_names_every_row_once_with_dotted_paths():
    """The site's own file: its entries are the pinned rows', one name each (the build checks
    the rows themselves)."""
    names, problems = read_names(paths.ROOT / "notes" / "apis.toml")
    assert problems == []
    pins = tomllib.loads((paths.ROOT / "notes" / "verdicts.toml").read_text(encoding="utf-8"))
    assert set(names) == {(p["note"], p["page"], p["words"]) for p in pins["row"]}
    retain = names[("004", "autograd/lifetime", "或者执行的时候参数设置为retain_variables=True")]
    assert retain == Api(
        "torch.Tensor.backward.retain_variables", "torch.Tensor.backward.retain_graph"
    )
    assert all(DOTTED.fullmatch(api.name) for api in names.values())
