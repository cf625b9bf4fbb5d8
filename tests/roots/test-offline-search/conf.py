import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2] / "docs" / "_ext"))

extensions = ["offline_math", "chinese_search"]
language = "zh_CN"
exclude_patterns = ["_build"]
