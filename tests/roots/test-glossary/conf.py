import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "docs" / "_ext"))

extensions = ["myst_parser", "bilingual_glossary", "search_dictionary"]
locale_dirs = ["locales/"]
gettext_compact = False
exclude_patterns = ["_build"]
search_dictionary_glossary = "index.md"
search_dictionary_words = "words.txt"
