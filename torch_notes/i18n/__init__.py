"""Translation: English pages, Chinese from gettext catalogs, and nothing shown half-translated.

* ``translation_check``: a translated build fails on any text left untranslated;
* ``bilingual_glossary``: glossary terms in both languages, written once;
* ``chinese_terms``: Chinese prose uses the glossary's Chinese terms and Chinese punctuation;
* ``search_dictionary``: the Chinese search dictionary (jieba), from the glossary.

The package's own interface text and its catalogs are below every package, in
``torch_notes.interface`` and ``torch_notes/locale/``: the evidence core uses them too.
"""
