"""An absolute sentence carries evidence, a release bound, or a reviewed reason, in each
language (torch_notes/evidence/checks/absolute_statements.py)."""

from __future__ import annotations

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


def build(make_app, rootdir, tmp_path, page, reviewed, language="en"):
    srcdir = tmp_path / "claims"
    shutil.copytree(rootdir / "test-claims", srcdir)
    (srcdir / "absolutes.md").write_text(page, encoding="utf-8")
    (srcdir / "reviewed").mkdir()
    (srcdir / "reviewed" / f"{language}.toml").write_text(reviewed, encoding="utf-8")
    app = make_app(
        "html",
        srcdir=srcdir,
        confoverrides={
            "evidence_reviewed_absolutes": str(srcdir / "reviewed"),
            "language": language,
        },
    )
    app.build()
    warnings = re.sub(r"\x1b\[[0-9;]*m", "", app._warning.getvalue())
    return [line for line in warnings.splitlines() if "[evidence.absolute]" in line]


REVIEWED = """\
[[sentence]]
page = "absolutes"
text = "A reviewed sentence is only true once."
reason = "planted: a reviewer checked it"

[[sentence]]
page = "absolutes"
text = "A sentence that left the page is always stale."
reason = "planted: no page has it any more"
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


def test_the_reviews_need_a_reason(make_app, rootdir, tmp_path):
    unreasoned = REVIEWED.replace('reason = "planted: a reviewer checked it"', 'reason = ""')
    found = build(make_app, rootdir, tmp_path, PAGE, unreasoned)
    assert any("sentence 1 needs page, text and a reason" in line for line in found), found
    assert any("A reviewed sentence is only true once." in line for line in found)


@pytest.mark.parametrize("reviewed", [True, False])
def test_chinese_absolutes_are_checked_in_the_chinese_build(make_app, rootdir, tmp_path, reviewed):
    review = (
        '[[sentence]]\npage = "absolutes"\ntext = "这一句经过审阅，只能如此。"\n'
        'reason = "planted"\n'
    )
    found = build(make_app, rootdir, tmp_path, CHINESE, review if reviewed else "", "zh_CN")
    sentences = sorted(re.findall(r"no evidence: '([^']*)'", "\n".join(found)))
    expected = ["所有张量都有数据类型。"] + ([] if reviewed else ["这一句经过审阅，只能如此。"])
    assert sentences == sorted(expected), found
