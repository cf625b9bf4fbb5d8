extensions = [
    "myst_nb",
    "torch_notes.i18n.bilingual_glossary",
    "torch_notes.i18n.search_dictionary",
]
locale_dirs = ["locales/"]
gettext_compact = False
exclude_patterns = ["_build"]
search_dictionary_glossary = "index.md"
search_dictionary_words = "words.txt"
