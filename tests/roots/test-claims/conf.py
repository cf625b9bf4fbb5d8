import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[2] / "docs" / "_ext"))

extensions = ["myst_parser", "facts", "note_quotes", "snippets", "errata"]
facts_dirs = ["facts"]
snippets_dir = str(HERE / "snippets")
notes_dir = str(HERE / "notes")
exclude_patterns = ["_build", "_generated"]
