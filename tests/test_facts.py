"""The claim mechanism: facts, claims, note quotes, snippets and errata on a tiny project."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from torch_notes.evidence.checks.pinned_verdicts import toml_string
from torch_notes.evidence.execution import fact_store, recording, snippet_runner
from torch_notes.evidence.markup import errata
from torch_notes.evidence.model import attributes, values
from torch_notes.evidence.model.records import Outcome, Raised, RowSource, Warned
from torch_notes.evidence.model.verdicts import derive


@pytest.mark.parametrize(
    ("stated", "actual"),
    [
        ("4.5", 4.5),
        ("0.002", 0.0020000000949949026),
        ("27", 27.0),
        ("True", True),
        ("None", None),
        ("AddBackward0", "AddBackward0"),
        ("2, 0.2, 0.02, 0.002", [2.0, 0.2, 0.02, 0.002]),
        ("[1, 2]", [1, 2]),
    ],
)
def test_matching_statements(stated, actual):
    assert values.matches(stated, actual)


@pytest.mark.parametrize(
    ("stated", "actual"),
    [
        ("4.6", 4.5),
        ("0.0021", 0.0020000000949949026),
        ("1", True),  # a bool is stated as True/False, never as a number
        ("False", True),
        ("AddBackward", "AddBackward0"),
        ("2, 0.2, 0.02", [2.0, 0.2, 0.02, 0.002]),
        ("four", 4),
    ],
)
def test_statements_that_do_not_match(stated, actual):
    assert not values.matches(stated, actual)


def test_recorded_values_become_plain_json():
    torch = pytest.importorskip("torch")
    assert values.to_plain(torch.tensor([1.5, 2.0]), "t") == [1.5, 2.0]
    assert values.to_plain(torch.tensor(3), "t") == 3
    with pytest.raises(TypeError, match=r"facts\['dtype'\] .* is a dtype"):
        values.to_plain(torch.float32, "facts['dtype'] in example")


def test_scraper_writes_facts_beside_the_generated_example(tmp_path):
    target = tmp_path / "plot_thing.py"
    block_vars = {
        "example_globals": {"facts": {"answer": 42.0}},
        "src_file": str(tmp_path / "plot_thing_source.py"),
        "target_file": str(target),
    }
    (tmp_path / "plot_thing_source.py").write_text("import torch\n", encoding="utf-8")
    assert recording.record_facts(("code", "import torch", 1), block_vars, {}) == ""
    assert json.loads((tmp_path / "plot_thing.facts.json").read_text()) == {
        "answer": 42.0,
        recording.CELLS_KEY: {"answer": "setup"},
    }


def test_unknown_fact_lists_what_the_example_has():
    store = fact_store.FactStore()
    store.add("example", {"grad": 1.0, "name": "x"}, Path("example.facts.json"))
    with pytest.raises(KeyError, match=r"example has: example.grad, example.name"):
        store.lookup("example.grad2")


def warnings_of(app) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())


@pytest.mark.sphinx("html", testroot="claims")
def test_true_claims_build_cleanly(app):
    app.build()
    assert warnings_of(app) == ""
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "4.50" in html  # {fact}`example.grad:.2f`
    assert "grad_fn=&lt;AddBackward0&gt;" in html  # the snippet's real output
    assert "got an unexpected keyword argument" in html and "retain_variables" in html
    assert "Note 001 is out of date here" in html  # its row: renamed or output changed


def edit(app, old: str, new: str) -> None:
    page = app.srcdir / "index.md"
    text = page.read_text(encoding="utf-8")
    assert old in text
    page.write_text(text.replace(old, new), encoding="utf-8")


def name_api(app, words: str, api: str) -> None:
    """Name the API of a row the test adds (checks.api_names fails a row without one)."""
    names = app.srcdir / "apis.toml"
    entry = (
        f"\n[[row]]\nnote = '001'\npage = 'index'\nwords = {toml_string(words)}\napi = '{api}'\n"
    )
    names.write_text(names.read_text(encoding="utf-8") + entry, encoding="utf-8")


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_wrong_claim_names_page_claim_expected_and_actual(app):
    edit(app, "{claim}`4.5 <example.grad>`", "{claim}`4.6 <example.grad>`")
    app.build()
    warnings = warnings_of(app)
    assert (
        "index.md:3: WARNING: claim does not hold: the page states '4.6' for example.grad, "
        "but executing plot_example gives '4.5'" in warnings
    )


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_unknown_fact_is_reported(app):
    edit(app, "<example.leaf>", "<example.leef>")
    app.build()
    assert "no executed fact named 'example.leef'" in warnings_of(app)


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_misquoted_note_is_reported(app):
    edit(app, "{note}`001:grad_fn=<AddBackward>`", "{note}`001:grad_fn=<MulBackward>`")
    app.build()
    assert (
        "note 001_example.txt does not contain the quoted text 'grad_fn=<MulBackward>'"
        in warnings_of(app)
    )


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_snippet_expectation_that_no_longer_holds(app):
    edit(app, ":expect: changed", ":expect: same")
    app.build()
    warnings = warnings_of(app)
    assert "snippet adds: expected 'same' but PyTorch" in warnings
    assert "grad_fn=<AddBackward0>" in warnings


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_snippet_that_no_longer_raises(app):
    edit(app, ":expect: raises", ":expect: runs")
    app.build()
    assert "snippet fails: expected 'runs'" in warnings_of(app)


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_erratum_whose_claim_fails(app):
    edit(app, ":now: AddBackward0 <example.name>", ":now: AddBackward1 <example.name>")
    app.build()
    assert "erratum: claim does not hold: the page states 'AddBackward1'" in warnings_of(app)


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_the_build_records_what_a_topic_page_uses_without_a_declaration(app):
    app.build()
    topics = json.loads(Path(app.doctreedir, "topics.json").read_text(encoding="utf-8"))
    assert topics == {
        "index": {
            "examples": ["example"],
            "snippets": ["fails", "adds"],
            "claims": 6,
            "claims_shown": 1,  # the snippet's: the facts come from no gallery cell
        }
    }


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_an_erratum_can_cite_a_document_for_older_history(app):
    edit(
        app,
        "The name now ends in a number.",
        "The name now ends in a number; it was renamed after PyTorch 0.4 "
        "({cited}`Release 0.4 <https://example.org/release-0.4>`).",
    )
    app.build()
    assert warnings_of(app) == ""
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert re.search(
        r'<a class="[^"]*\bcited\b[^"]*" href="https://example.org/release-0.4">Release 0.4</a>',
        html,
    )
    rows = json.loads((app.doctreedir / "errata.json").read_text(encoding="utf-8"))["rows"]
    (erratum,) = [row for row in rows if row["source"] == "erratum"]
    kinds = [evidence["record"] for evidence in erratum["evidence"]]
    assert kinds == ["Executed", "Cited"] and erratum["verdict"] == "renamed or output changed"
    assert erratum["torch"]["kind"] in ("cpu", "cuda", "rocm")


def test_snippet_runs_isolated_and_masks_addresses(tmp_path):

    result = snippet_runner.run_fragment("import torch\nprint(object())\nx = 1\n", "frag.py")
    assert re.fullmatch(r"<object object at 0x…>\n", result.output)
    assert result.raised is None and result.error is None
    again = snippet_runner.run_fragment("print('x' in globals())\n", "frag2.py")
    assert again.output == "False\n"
    failing = snippet_runner.run_fragment("import torch\ntorch.ones(2).view(3)\n", "frag3.py")
    assert failing.raised.type == "RuntimeError"
    assert str(failing.facts()["error"]).startswith("RuntimeError: shape '[3]' is invalid")
    assert failing.facts()["error"] == failing.facts()["shown"] == failing.raised  # typed


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_quotes_of_the_notes_keep_their_quotes(app):
    edit(
        app,
        "Quoted: {note}`001:grad_fn=<AddBackward>`.",
        "Quoted: {note}`001:grad_fn=<AddBackward>` and "
        "{note}`001:torch.save(net.state_dict(), 'p.pkl') # 保存参数 ”动态” "
        "<torch.save(...) # save the parameters “dynamic”>`.",
    )
    name_api(app, "torch.save(net.state_dict(), 'p.pkl') # 保存参数 ”动态”", "torch.save")
    app.build()
    assert warnings_of(app) == ""
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert "“torch.save(net.state_dict(), 'p.pkl') # 保存参数 ”动态””" in html
    # English pages give the English beside it, the quote marked as Chinese for screen readers.
    assert 'lang="zh-CN"' in html
    assert '(<span class="quote-translation">“torch.save(...) # save the parameters' in html


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_chinese_quote_without_its_english_fails_the_english_build(app):
    edit(app, "Quoted: {note}`001:grad_fn=<AddBackward>`.", "Quoted: {note}`001:一个笔记`.")
    app.build()
    assert (
        "index.md:3: WARNING: the note's words '一个笔记' are Chinese: add their English "
        "translation" in warnings_of(app)
    )


def test_typographic_quotes_the_build_introduced_are_found():
    from docutils import nodes

    from torch_notes.evidence.checks.smart_quotes import introduced_quotes

    quote = nodes.inline(text="“save(‘p.pkl’) # 保存”")
    quote[attributes.NOTE_WORDS], quote[attributes.NOTE_PROSE] = "save('p.pkl') # 保存", True
    assert "are shown as 'save(‘p.pkl’) # 保存'" in introduced_quotes(quote)
    quote.children[0] = nodes.Text("“save('p.pkl') # 保存”")
    assert introduced_quotes(quote) is None
    code = nodes.literal("``print('x')``", "print(‘x’)")
    assert "code" in introduced_quotes(code)
    assert introduced_quotes(nodes.literal("``print(‘x’)``", "print(‘x’)")) is None


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_an_output_with_a_logger_line_or_a_machine_path_fails(app):
    edit(app, "```{snippet} fails\n", "```{snippet} logs\n```\n\n```{snippet} fails\n")
    app.build()
    warnings = warnings_of(app)
    assert re.search(
        r"index\.md:\d+: WARNING: output block \d+ shows a logger line: "
        r"'W1130 .*\[evidence\.output\]",
        warnings,
    ), warnings
    assert "shows a path of the build machine" in warnings


def test_logger_lines_and_paths_are_recognised():
    from torch_notes.evidence.checks.output_hygiene import problems

    glog = "W1130 23:26:33.035000 15687 torch/utils/cpp_extension.py:183] No CUDA runtime"
    assert problems(f"tensor([1.])\n{glog}\n", []) == [
        f"a logger line: {glog[: glog.index('] ') + 2]!r}..."
    ]
    assert problems("saved to /home/me/x.pt", ["/home/me"]) == [
        "a path of the build machine: '/home/me'"
    ]
    assert problems("tensor([1., 2.])\nWARNING is a word here", ["/home/me"]) == []
    # Releases before 2.7 print the CUDA message bare, without a logger's prefix.
    assert problems("No CUDA runtime is found, using CUDA_HOME='/usr/local'\n", []) == [
        "a setting of the build machine: \"CUDA_HOME='/usr/local'\""
    ]


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_python_block_that_never_runs_fails_the_build(app):
    edit(
        app,
        "```{snippet} fails\n",
        "```python\nprint('typed, never run')\n```\n\n"
        "```{literalinclude} snippets/adds.py\n:language: python\n```\n\n"
        "```bash\npip install torch\n```\n\n"
        "```{snippet} fails\n",
    )
    app.build()
    warnings = warnings_of(app).splitlines()
    never_ran = [w for w in warnings if "a Python block that never runs" in w]
    assert len(never_ran) == 1, warnings
    assert re.search(r"index\.md:\d+: WARNING", never_ran[0])


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_an_erratum_shows_code_of_its_example_and_cites_its_history(app):
    edit(app, ":shows: type(y.grad_fn).__name__", ":shows: y.grad_fn.name()\n:history: renamed")
    app.build()
    warnings = warnings_of(app)
    assert ":shows: 'y.grad_fn.name()' is not code of plot_example.py" in warnings
    assert ":history: needs the document that says so, cited in the body" in warnings


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_statement_about_history_without_evidence_fails_naming_page_and_line(app):
    edit(app, "The name now ends in a number.", "It was renamed after PyTorch 0.4.")
    app.build()
    (warning,) = warnings_of(app).splitlines()
    assert re.search(r"index\.md:\d+: WARNING: a statement about history with no evidence", warning)
    assert "'It was renamed after PyTorch 0.4.'" in warning
    checks = json.loads((app.doctreedir / "checks.json").read_text(encoding="utf-8"))
    (history,) = [c for c in checks["index"] if c["kind"] == "history"]
    assert history["holds"] is False


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_cited_document_needs_a_title_and_an_address(app):
    edit(app, "The name now ends in a number.", "See {cited}`the release notes`.")
    app.build()
    assert "{cited} needs `title <https://address>`" in warnings_of(app)


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_an_erratum_about_a_snippet_replaces_its_row(app):
    edit(
        app,
        "```{snippet} fails\n:expect: raises",
        "```{snippet} fails\n:note: 001\n:expect: raises",
    )
    edit(
        app,
        "The name now ends in a number.\n```",
        "The name now ends in a number.\n```\n\n"
        "```{erratum} 001\n:quote: x = torch.ones(2, 2, requires_grad=True)\n"
        ":now: TypeError <snippets.fails.error_type>\n\nIt raises "
        "({cited}`the release notes <https://example.org/notes>`: it worked once).\n```",
    )
    name_api(app, "x = torch.ones(2, 2, requires_grad=True)", "torch.ones")
    app.build()
    assert warnings_of(app) == ""
    rows = json.loads((app.doctreedir / "errata.json").read_text(encoding="utf-8"))["rows"]
    assert not [row for row in rows if row["anchor"] == "snippet-fails"]
    (about,) = [row for row in rows if row["covers"] == "snippet-fails"]
    assert about["now"].startswith("TypeError: Tensor.backward() got an unexpected keyword")
    assert about["verdict"] == "removed (now raises)"


def comment_in_chinese(app) -> None:
    """The fragment ``adds`` with a comment of the note in Chinese, as the notes write them."""
    fragment = app.srcdir / "snippets" / "adds.py"
    text = fragment.read_text(encoding="utf-8")
    fragment.write_text(text.replace("print(x + 2)", "print(x + 2) # 加上 2"), encoding="utf-8")


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_chinese_comment_of_the_notes_code_without_english_fails_the_english_build(app):
    comment_in_chinese(app)
    app.build()
    (warning,) = warnings_of(app).splitlines()
    assert re.search(r"index\.md:\d+: WARNING: snippet adds: snippets/adds\.py: ", warning)
    assert "1 Chinese comment(s) in the code, 0 English gloss(es)" in warning
    assert "'# 加上 2'" in warning


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_each_chinese_comment_needs_its_own_english_gloss(app):
    comment_in_chinese(app)
    fragment = app.srcdir / "snippets" / "adds.py"
    text = fragment.read_text(encoding="utf-8")
    fragment.write_text(text.replace("import torch", "import torch # 导入"), encoding="utf-8")
    edit(app, ":note: 001\n:expect: changed", ':note: 001\n:expect: changed\n:quote-en: "# import"')
    app.build()
    (warning,) = warnings_of(app).splitlines()
    assert "2 Chinese comment(s) in the code, 1 English gloss(es)" in warning
    assert "add the English of '# 加上 2'" in warning


@pytest.mark.sphinx("html", testroot="claims", freshenv=True)
def test_a_glossed_chinese_comment_shows_its_english_under_the_code(app):
    comment_in_chinese(app)
    edit(app, ":note: 001\n:expect: changed", ':note: 001\n:expect: changed\n:quote-en: "# add 2"')
    app.build()
    assert warnings_of(app) == ""
    html = (app.outdir / "index.html").read_text(encoding="utf-8")
    assert '<span class="quote-translation">“# add 2”</span>' in html
    # The row quotes what the note printed, which holds no Chinese: no English beside it.
    rows = json.loads((app.doctreedir / "errata.json").read_text(encoding="utf-8"))["rows"]
    (row,) = [row for row in rows if row["anchor"] == "snippet-adds"]
    assert row["words_en"] == ""


# -- Erratum titles (errata.box_title) ------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "title"),
    [
        (Outcome(raised=Raised("AttributeError"), note_typo="paramters"), "misspells a name"),
        (Outcome(raised=Raised("NameError")), "lacks an import or a definition"),
        (Outcome(raised=Raised("SyntaxError")), "has a typo"),
        (Outcome(raised=Raised("TypeError")), "’s code no longer runs"),
        (Outcome(warned=(Warned("FutureWarning"),)), " uses a deprecated API"),
        (Outcome(note_states_property=True), " is inaccurate"),
        (Outcome(history="always"), " is inaccurate"),
        (Outcome(history="renamed"), " is out of date"),
        (Outcome(), " is out of date"),
    ],
)
def test_an_erratum_is_titled_by_what_it_reports(outcome, title):
    verdict = derive(RowSource.ERRATUM, outcome).verdict
    expected = f"Note 004{title} here" if title[0] in " ’" else f"Note 004 {title} here"
    assert errata.box_title("004", outcome, verdict) == expected


# -- Text chosen by a fact (cases.py) ---------------------------------------------------------

CASES = """---
orphan: true
---
# Cases

````{fact-case} example.name
```{case} AddBackward0, AddBackward1
The last operation was an addition.
```
```{case} MulBackward0
The last operation was a product.
```
````
"""


def build_cases(make_app, rootdir, tmp_path, page: str, builder: str = "html"):
    srcdir = tmp_path / "claims"
    shutil.copytree(rootdir / "test-claims", srcdir)
    (srcdir / "cases.md").write_text(page, encoding="utf-8")
    app = make_app(builder, srcdir=srcdir)
    app.build()
    return app, [line for line in warnings_of(app).splitlines() if "cases.md" in line]


def test_a_fact_case_shows_the_text_written_for_the_value(make_app, rootdir, tmp_path):
    app, warnings = build_cases(make_app, rootdir, tmp_path, CASES)
    assert warnings == []
    html = (app.outdir / "cases.html").read_text(encoding="utf-8")
    assert "The last operation was an addition." in html
    assert "a product" not in html
    checks = app.env.get_domain("evidence").checks()["cases"]
    assert [(c.kind.value, c.subject) for c in checks] == [("fact", "example.name")]


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (
            "AddBackward0, AddBackward1",
            "AddBackward1",
            (
                "{fact-case} example.name: the fact is 'AddBackward0', which no case lists "
                "(cases: AddBackward1; MulBackward0)"
            ),
        ),
        ("MulBackward0", "AddBackward1", "more than one case lists AddBackward1"),
        ("example.name", "example.nome", "no executed fact named 'example.nome'"),
        ("````{fact-case} example.name", "````{note} x", "a {case} belongs inside a {fact-case}"),
    ],
)
def test_a_fact_case_that_cannot_choose_fails_naming_page_and_fact(
    make_app, rootdir, tmp_path, old, new, problem
):
    _, warnings = build_cases(make_app, rootdir, tmp_path, CASES.replace(old, new, 1))
    assert any(problem in line for line in warnings), warnings


def test_every_case_is_extracted_for_the_translators(make_app, rootdir, tmp_path):
    app, _ = build_cases(make_app, rootdir, tmp_path, CASES, builder="gettext")
    catalog = (app.outdir / "cases.pot").read_text(encoding="utf-8")
    assert "The last operation was an addition." in catalog
    assert "The last operation was a product." in catalog
