"""The workarounds that keep the build near its floor (torch_notes/workarounds/): each still bites."""

from __future__ import annotations

import gc
import inspect

from docutils import frontend
from myst_parser.config.main import MdParserConfig
from myst_parser.mdit_to_docutils import base
from myst_parser.parsers.mdit import create_md_parser
from sphinx.search import IndexBuilder

from torch_notes.workarounds import myst_settings


def test_myst_parses_without_building_docutils_settings_each_time(monkeypatch):
    built = []
    init = frontend.OptionParser.__init__

    def counting_init(self, *args, **kwargs):
        built.append(1)
        init(self, *args, **kwargs)

    monkeypatch.setattr(base, "make_document", base.make_document)  # restored afterwards
    myst_settings.setup(None)
    myst_settings.default_settings.cache_clear()
    monkeypatch.setattr(frontend.OptionParser, "__init__", counting_init)
    parser = create_md_parser(MdParserConfig(), base.DocutilsRenderer)
    documents = []
    for message in ("*one*", "two ``code``", "three"):
        document = base.make_document("<translated>")
        parser.options["document"] = document
        parser.render(message)
        documents.append(document)
    # Once for the parser class, then never again: without the workaround, 1 + 2 per message.
    assert len(built) == 1
    assert documents[0].settings is not documents[1].settings
    assert documents[0].settings.__dict__ == documents[1].settings.__dict__
    assert documents[0].astext() == "one"


def test_the_search_index_stems_each_distinct_word_once(monkeypatch):
    import snowballstemmer
    from sphinx.search.en import SearchEnglish

    from torch_notes.workarounds import search_stemmer

    class Indexer:  # what remember_stems reads of Sphinx's IndexBuilder
        lang = SearchEnglish({})

    calls = []
    stem_word = Indexer.lang.stemmer.stemWord
    monkeypatch.setattr(
        Indexer.lang.stemmer, "stemWord", lambda word: calls.append(word) or stem_word(word)
    )
    search_stemmer.remember_stems(Indexer)
    stems = [Indexer.lang.stem(word) for word in ("Tensors", "tensors", "running", "tensors")]
    assert stems == [snowballstemmer.stemmer("english").stemWord(w.lower()) for w in
                     ("Tensors", "tensors", "running", "tensors")]  # fmt: skip
    assert calls == ["tensors", "running"]
    # Sphinx still stems through lang.stemmer.stemWord and builds its indexer in __init__.
    assert "self.stemmer.stemWord" in inspect.getsource(SearchEnglish.stem)
    search_stemmer.setup(None)
    assert IndexBuilder.__init__ is search_stemmer._init


def test_sphinx_gallery_collects_through_the_frozen_gc():
    from sphinx_gallery import gen_rst

    from torch_notes.workarounds import gallery_gc

    assert "gc.collect()" in inspect.getsource(gen_rst.execute_script)  # else: delete gallery_gc
    gallery_gc.setup(None)
    assert isinstance(gen_rst.gc, gallery_gc.CollectThenFreeze)
    gc.unfreeze()
    gen_rst.gc.collect()
    assert gc.get_freeze_count() > 0
    gc.unfreeze()


def test_myst_makes_one_parser_per_configuration_and_the_same_documents(monkeypatch):
    from myst_parser.parsers import mdit, sphinx_

    from torch_notes.workarounds import myst_parsers

    made = []
    original = mdit.create_md_parser

    def counting(config, renderer):
        made.append(config)
        return original(config, renderer)

    monkeypatch.setattr(mdit, "create_md_parser", counting)
    monkeypatch.setattr(sphinx_, "create_md_parser", sphinx_.create_md_parser)  # restored after
    myst_parsers._parsers.clear()
    myst_parsers.setup(None)
    config = MdParserConfig()
    texts = []
    for message in ("*one*", "two ``code``", "[three](https://example.org)"):
        parser = sphinx_.create_md_parser(config, base.DocutilsRenderer)
        document = base.make_document("<translated>")
        parser.options["document"] = document
        parser.render(message)
        fresh = original(MdParserConfig(), base.DocutilsRenderer)
        alone = base.make_document("<translated>")
        fresh.options["document"] = alone
        fresh.render(message)
        assert document.pformat() == alone.pformat()  # the same document as a parser of its own
        texts.append(document.astext())
    assert made.count(config) == 1, "one parser for the three messages of one configuration"
    assert texts == ["one", "two code", "three"]
    other = MdParserConfig()  # another configuration (a page's front matter): its own parser
    assert sphinx_.create_md_parser(other, base.DocutilsRenderer) is not parser


def test_the_chinese_index_splits_each_distinct_text_once(monkeypatch):
    from sphinx.search import zh

    from torch_notes.workarounds import search_splits

    cut = []
    original = zh.cut_for_search

    def counting(text):
        cut.append(text)
        return original(text)

    monkeypatch.setattr(zh, "cut_for_search", counting)
    monkeypatch.setattr(zh.SearchChinese, "split", zh.SearchChinese.split)  # restored after
    plain = zh.SearchChinese({})
    expected = [plain.split(text) for text in ("自动求梯度 backward", "张量 Tensor")]
    search_splits.setup(None)
    search_splits._words.cache_clear()
    cut.clear()
    cached = zh.SearchChinese({})
    texts = ["自动求梯度 backward", "张量 Tensor", "自动求梯度 backward"]
    assert [cached.split(text) for text in texts] == [*expected, expected[0]]
    assert cut == texts[:2], "the repeated text is not cut again"
    assert cached.latin_terms == {"backward", "Tensor"}


def test_the_gallery_name_scan_prints_no_warning_of_pytorch():
    """sphinx-gallery still reads ``y.grad`` on the example's objects (else: delete
    gallery_name_scan), and with the workaround PyTorch's warning about it stays quiet."""
    import warnings

    import torch
    from sphinx_gallery import backreferences, gen_rst

    from torch_notes.workarounds import gallery_name_scan

    x = torch.ones(2, requires_grad=True)
    names = {"y": x * 2}
    finder = backreferences.NameFinder(names)
    finder.accessed_names = {"y.grad"}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        finder.get_mapping()
    assert any("not a leaf" in str(w.message) for w in caught)  # the scan reads y.grad
    gallery_name_scan.setup(None)
    scan = gen_rst.identify_names
    assert scan.torch_notes_quiet
    quiet_mapping = gallery_name_scan.quiet(lambda: finder.get_mapping())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        quiet_mapping()
    assert not caught
