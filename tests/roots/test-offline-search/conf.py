import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "docs" / "_ext"))

extensions = ["mathml_math", "chinese_search"]
html_math_renderer = "mathml"
language = "zh_CN"
exclude_patterns = ["_build"]
