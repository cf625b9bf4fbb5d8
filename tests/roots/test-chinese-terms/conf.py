from pathlib import Path

HERE = Path(__file__).parent

extensions = ["myst_nb", "torch_notes.i18n.bilingual_glossary", "torch_notes.i18n.chinese_terms"]
language = "zh_CN"
locale_dirs = ["locales/"]
gettext_compact = False
notes_dir = str(HERE / "notes")
exclude_patterns = ["_build", "_generated"]
chinese_terms_glossary = "index.md"
