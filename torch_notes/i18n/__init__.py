"""Translation: English pages, Chinese from gettext catalogs, and nothing shown half-translated.

* ``translation_check``: a translated build fails on any text left untranslated;
* ``bilingual_glossary``: glossary terms in both languages, written once;
* ``chinese_terms``: Chinese prose uses the glossary's Chinese terms and Chinese punctuation;
* ``search_dictionary``: the Chinese search dictionary (jieba), from the glossary;
* ``interface``: the package's own interface text, from ``i18n/locale/``.
"""
