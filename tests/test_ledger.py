"""The ledger of the notes: every item of a note has a place on the site, or a reason not to."""

from __future__ import annotations

import re
import shutil

from torch_notes.evidence.model.ledger import (
    Item,
    Place,
    Status,
    coverage_problems,
    items_of,
    quotes_item,
    resolve,
)

NOTE = "标题\nx = 1\ny = x + 1\n这是一句话。这是另一句。\n"


def item(id_: str, line: int, words: str, **kw: str) -> Item:
    return Item(id=id_, note="001", line=line, words=words, **kw)


def test_every_word_of_the_note_must_belong_to_an_item():
    items = [item("001-1", 1, "标题"), item("001-2", 2, "x = 1\ny = x + 1")]
    problems = coverage_problems(NOTE, items)
    assert problems == [(4, "line 4: '这是一句话。这是另一句。' belongs to no item")]
    items += [item("001-3", 4, "这是一句话。"), item("001-4", 4, "这是另一句。")]
    assert coverage_problems(NOTE, items) == []


def test_an_item_whose_words_are_not_on_its_line_is_reported():
    problems = coverage_problems(NOTE, [item("001-1", 2, "标题")])
    assert (2, "001-1: the note's line 2 does not hold '标题'") in problems


def test_a_quote_treats_an_item_it_holds_or_that_holds_it():
    assert quotes_item("y = x + 1", "y = x + 1")
    assert quotes_item("x = 1\n y = x + 1\nprint(y)", "y = x + 1")  # a snippet's code
    assert quotes_item("这是一句", "这是一句话。")  # a quote of part of the sentence
    assert not quotes_item("x", "y = x + 1")  # too short to stand for the item


def test_an_item_is_matched_by_its_words_never_inside_a_longer_name():
    # Note 000's "or" (between `y += x` and `y.add_(x)`) is no part of "pytorch学习记录".
    assert not quotes_item("pytorch学习记录", "or")
    assert not quotes_item("y += x or y.add_(x)", "or")  # too short to find its place
    assert not quotes_item("y = x + 10", "y = x + 1")  # nor inside a longer number
    assert quotes_item("y = torch.max(x)", "torch.max(x)")
    assert quotes_item("1.5846e+29", "tensor([[ 0.0000e+00,  1.5846e+29]])")  # a number
    assert not quotes_item("1.5846e+2", "tensor([[ 1.5846e+29]])")  # not part of a number


def test_each_kind_of_mapping_resolves():
    items = [
        item("001-1", 1, "标题", exempt="heading"),
        item("001-2", 2, "x = 10"),
        item("001-3", 3, "y = x + 1", treated="page#section"),
        item("001-4", 4, "这是一句话。", untreated="page"),
        item("001-5", 4, "这是另一句。"),
        item("001-6", 4, "这是一句话。", treated="page#nowhere"),
    ]
    quotes = [Place("page", "quote-1", "001", "x = 10")]
    found = {r.item.id: r for r in resolve(items, quotes, {"page": {"section": "section"}})}
    assert found["001-1"].status is Status.EXEMPT
    assert found["001-2"].status is Status.DERIVED and found["001-2"].place == quotes[0]
    assert found["001-3"].status is Status.DECLARED and not found["001-3"].problem
    assert "it belongs on page" in found["001-4"].problem
    assert "no page quotes it" in found["001-5"].problem
    assert "page has no label or heading anchor 'nowhere'" in found["001-6"].problem


def test_same_words_in_another_note_are_treated_where_those_are():
    items = [
        Item(id="001-1", note="001", line=1, words="x = 1", treated="page#section"),
        Item(id="000-1", note="000", line=1, words="x = 1", same="001-1"),
    ]
    found = resolve(items, [], {"page": {"section": "section"}})
    assert found[1].status is Status.DECLARED and found[1].place == found[0].place


def test_the_ledger_file_form_is_checked():
    data = {
        "note": "001",
        "item": [
            {"id": "001-1", "line": 1, "words": "标题", "exempt": "heading", "treated": "p#a"},
            {"id": "002-1", "line": 1, "words": "标题"},
            {"id": "001-2", "line": 1, "words": "标题", "exempt": "boring"},
            {"id": "001-3", "line": 1, "words": "所以，", "exempt": "not-behaviour"},
            {"id": "001-4", "line": 1, "words": "标题", "exempt": "heading", "reason": "x"},
        ],
    }
    items, problems = items_of("001", data)
    assert items == []
    assert len(problems) == 5
    assert "001-3: an exemption 'not-behaviour' needs a reason" in problems[3]
    reasoned = {"id": "001-3", "line": 1, "words": "所以，", "exempt": "not-behaviour",
                "reason": "a connective"}  # fmt: skip
    assert items_of("001", {"note": "001", "item": [reasoned]})[1] == []


# -- On a tiny project ---------------------------------------------------------------------

LEDGER = """note = "001"

[[item]]
id = "001-001"
line = 1
words = '一个笔记'
en = 'A note'
exempt = "heading"

[[item]]
id = "001-002"
line = 2
words = '''
tensor([[3., 3.],
        [3., 3.]], grad_fn=<AddBackward>)'''

[[item]]
id = "001-003"
line = 4
words = '结尾'
en = 'The end'
exempt = "not-behaviour"
reason = "the note's closing word"

[[item]]
id = "001-004"
line = 5
words = 'x = torch.ones(2, 2, requires_grad=True)'
treated = "ledger#the-ledger"

[[item]]
id = "001-005"
line = 6
words = 'grad_fn=<AddBackward>'

[[item]]
id = "001-006"
line = 7
words = "torch.save(net.state_dict(), 'p.pkl') # 保存参数 ”动态”"
en = "torch.save(net.state_dict(), 'p.pkl') # save the parameters “dynamic”"
exempt = "not-behaviour"
reason = "planted: a line the tests leave unmapped"
"""


def build_with_ledger(make_app, rootdir, tmp_path, ledger: str):
    srcdir = tmp_path / "claims"
    shutil.copytree(rootdir / "test-claims", srcdir)
    (srcdir / "notes" / "ledger").mkdir()
    (srcdir / "notes" / "ledger" / "001.toml").write_text(ledger, encoding="utf-8")
    (srcdir / "ledger.md").write_text(
        "(the-ledger)=\n# The ledger\n\n```{notes-ledger}\n```\n", encoding="utf-8"
    )
    app = make_app(
        "html",
        srcdir=srcdir,
        confoverrides={"notes_ledger_dir": str(srcdir / "notes" / "ledger")},
    )
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    return app, [line for line in warnings.splitlines() if "[ledger" in line]


def test_a_ledger_that_maps_every_item_builds_and_shows_the_coverage(make_app, rootdir, tmp_path):
    app, warnings = build_with_ledger(make_app, rootdir, tmp_path, LEDGER)
    assert warnings == []
    html = (app.outdir / "ledger.html").read_text(encoding="utf-8")
    assert 'id="ledger-001-005"' in html  # each item, with an anchor
    assert 'href="index.html#erratum-0"' in html  # derived: an erratum's :quote:
    assert 'href="index.html#snippet-adds"' in html  # derived: the snippet's output
    assert 'href="#the-ledger"' in html  # declared: a heading anchor
    assert "exempt: a heading" in html
    assert "“The end”" in html  # English pages give the English of each Chinese item


def test_a_chinese_item_without_its_english_fails_the_english_build(make_app, rootdir, tmp_path):
    _, warnings = build_with_ledger(
        make_app, rootdir, tmp_path, LEDGER.replace("en = 'The end'\n", "")
    )
    assert len(warnings) == 1
    assert "item 001-003" in warnings[0] and "Chinese words without their English" in warnings[0]


def test_a_planted_unmapped_item_fails_naming_note_item_and_file(make_app, rootdir, tmp_path):
    planted = LEDGER.rstrip("\n").removesuffix(
        'exempt = "not-behaviour"\nreason = "planted: a line the tests leave unmapped"'
    )
    _, warnings = build_with_ledger(make_app, rootdir, tmp_path, planted)
    assert len(warnings) == 1
    assert re.search(
        r"notes/ledger/001\.toml:\d+: WARNING: ledger of note 001, item 001-006 .*"
        r"no page quotes it",
        warnings[0],
    )


def test_a_declared_place_that_does_not_exist_fails(make_app, rootdir, tmp_path):
    dangling = LEDGER.replace("ledger#the-ledger", "ledger#nowhere")
    _, warnings = build_with_ledger(make_app, rootdir, tmp_path, dangling)
    assert len(warnings) == 1
    assert "item 001-004" in warnings[0] and "no label or heading anchor 'nowhere'" in warnings[0]


def test_an_item_left_out_of_the_ledger_leaves_words_of_the_note_uncovered(
    make_app, rootdir, tmp_path
):
    missing = "001-003"
    start = LEDGER.index(f'id = "{missing}"')
    block_start = LEDGER.rindex("[[item]]", 0, start)
    block_end = LEDGER.index("[[item]]", start)
    _, warnings = build_with_ledger(
        make_app, rootdir, tmp_path, LEDGER[:block_start] + LEDGER[block_end:]
    )
    assert any("001_example.txt:4" in w and "'结尾' belongs to no item" in w for w in warnings)
