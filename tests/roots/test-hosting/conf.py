import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "docs" / "_ext"))

project = "hosting-test"
extensions = ["myst_parser", "language_switcher", "page_meta", "not_found"]
language_switcher_languages = {"en": "English", "zh_CN": "简体中文"}
page_meta_locales = {"en": "en_US", "zh_CN": "zh_CN"}
page_meta_description_length = 60
exclude_patterns = ["_build"]
