"""What the bilingual build costs compared with running the examples by hand.

    python benchmarks/bench_docs.py          (needs nox; run `nox -s docs` once first)

Measured in one run, on this machine: the wall time of `nox -s docs` with its venv reused,
the time a learner spends running every gallery script once with `python`, and the ratio.
The target is a ratio of at most 2: each example runs once per invocation, and the English
and Chinese builds with all their checks add less than the examples themselves cost.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(command: list[str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def venv_python() -> str:
    """The docs session's interpreter: the same torch the build uses."""
    candidates = sorted((ROOT / ".nox").glob("docs/bin/python"))
    return str(candidates[0]) if candidates else sys.executable


def main() -> None:
    docs = timed([sys.executable, "-m", "nox", "-s", "docs", "--reuse-existing-virtualenvs"], ROOT)
    python = venv_python()
    scripts = sorted((ROOT / "gallery").rglob("plot_*.py"))
    by_hand = sum(timed([python, str(script)], script.parent) for script in scripts)
    print(f"nox -s docs (venv reused, both languages, all checks): {docs:7.1f} s")
    print(f"every gallery script once with python ({len(scripts)} scripts):  {by_hand:7.1f} s")
    print(f"ratio docs / by hand: {docs / by_hand:.2f}  (target <= 2)")


if __name__ == "__main__":
    main()
