from pathlib import Path

HERE = Path(__file__).parent

extensions = [
    "myst_nb",
    "torch_notes.evidence",
    "torch_notes.i18n.parity",
    "torch_notes.i18n.catalog_syntax",
]
language = "zh_CN"
locale_dirs = ["locales/"]
gettext_compact = False
facts_dirs = ["facts"]
snippets_dir = str(HERE / "snippets")
notes_dir = str(HERE / "notes")
exclude_patterns = ["_build", "_generated"]
