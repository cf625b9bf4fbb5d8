import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "docs" / "_ext"))

extensions = ["myst_parser", "translation_check", "errata"]
language = "zh_CN"
locale_dirs = ["locales/"]
gettext_compact = False
exclude_patterns = ["_build"]
