"""Sessions that build, check, translate and lint the torch-notes site.

nox                          # the default sessions, docs then tests (each marked default=True)
nox -s docs                  # rebuild both languages into _build/site/ and check them
nox -s tests                 # the unit tests and tiny test-root builds, in parallel (no site)
nox -s site-tests            # tests that read the site `nox -s docs` built (never rebuilt here)
nox -s browser-tests         # that site in headless Chromium, as a reader uses it
nox -s drift-tests           # scratch builds with an altered PyTorch must fail (slow)
nox -s docs -- -v            # anything after -- goes to sphinx-build (to pytest in test sessions)
nox -s docs-floor            # the same build on the oldest supported PyTorch (docs-newest: newest)
nox -s lock -- pin 2.15.0    # re-lock a leg, here bumping the pin to a new PyTorch release
nox -s page-weight           # what a reader's browser loads (-- --lighthouse: its scores too)
nox -s books                 # a PDF and an EPUB per language, after nox -s docs
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import nox

nox.needs_version = ">=2025.2.9"
nox.options.default_venv_backend = "venv"  # uv cannot see the local CPU torch wheel

ROOT = Path(__file__).parent
PYPROJECT = nox.project.load_toml("pyproject.toml")
# The legs of the supported PyTorch range, one lock each (torch_notes/legs.py).
LOCKS = {lock.stem: lock for lock in sorted((ROOT / "locks").glob("*.txt"))}
DEFAULT_LEG = "pin"  # what development, the tests and every other session use
# Opt-in: take torch from PyTorch's CPU index (no CUDA download): TORCH_NOTES_CPU_INDEX=1, or
# the address of a mirror of that index where it is slow to reach (README, "Installing from a mirror").
CPU_INDEX = "https://download.pytorch.org/whl/cpu"


def install_groups(
    session: nox.Session, *groups: str, leg: str = DEFAULT_LEG, venv: Path | None = None
) -> None:
    """Install dependency groups within the leg's lock; skip when nothing changed.

    Into the session's own environment, or into ``venv`` (made as nox makes its own, if
    missing) for a session that runs in another's: the stamp is the same either way, so the
    owner of that environment finds it up to date.
    """
    requirements = [
        req for group in groups for req in nox.project.dependency_groups(PYPROJECT, group)
    ]
    lock = LOCKS[leg]
    pip_args = ["-c", str(lock)]
    cpu_index = os.environ.get("TORCH_NOTES_CPU_INDEX", "")
    if cpu_index:
        pip_args += ["--extra-index-url", cpu_index if "://" in cpu_index else CPU_INDEX]
    if leg != DEFAULT_LEG:  # a CUDA leg's wheels are gigabytes: keep none in pip's cache
        pip_args.append("--no-cache-dir")
    fingerprint = hashlib.sha256(
        "\n".join([*requirements, *pip_args, lock.read_text()]).encode()
    ).hexdigest()
    location = venv or Path(session.virtualenv.location)
    stamp = location / ".torch-notes-installed"
    if stamp.exists() and stamp.read_text() == fingerprint:
        session.log("dependencies unchanged since the last install; reusing the venv")
        return
    python = location / "bin" / "python"
    # run_install, not run: `nox --install-only` installs (and only then writes the stamp).
    if not python.exists():
        session.run_install(sys.executable, "-m", "venv", str(location), external=True)
    pip = [str(python), "-m", "pip", "install"]
    # A venv's own pip may be old (Debian 12's: 23.0), and resolves otherwise.
    session.run_install(*pip, "--upgrade", "pip", external=True)
    session.run_install(*pip, *pip_args, *requirements, external=True)
    stamp.write_text(fingerprint)


@nox.session(reuse_venv=True, default=True)
def docs(session: nox.Session) -> None:
    """Rebuild the English and Chinese site from scratch into _build/site/ and check it."""
    install_groups(session, "docs")
    session.run("python", "-m", "torch_notes.commands.build_site", *session.posargs)


def docs_on_leg(leg: str):
    def session(session: nox.Session) -> None:
        install_groups(session, "docs", leg=leg)
        session.run("python", "-m", "torch_notes.commands.build_site", *session.posargs)

    session.__doc__ = f"Rebuild and check the site on the {leg!r} leg ({LOCKS[leg].name})."
    return session


for _leg in LOCKS:
    if _leg != DEFAULT_LEG:
        nox.session(name=f"docs-{_leg}", reuse_venv=True, default=False)(docs_on_leg(_leg))


@nox.session(python=False, default=False)
def lock(session: nox.Session) -> None:
    """Re-lock a leg of the supported range: `nox -s lock -- <leg> [torch release]`."""
    # With the oldest Python supported (Debian 12's), so that the lock installs on any 3.11.
    oldest = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else "python3"
    session.run(oldest, "-m", "torch_notes.commands.lock", *session.posargs, external=True)


@nox.session(python=False, default=False)
def history(session: nox.Session) -> None:
    """Record every example and snippet on each release 2.0-2.14 into history/ (one env at a time)."""
    # The recorder reads the gallery's cells with the build's own code, which imports Sphinx:
    # it runs with the Python of `docs` (each release's environment is made from it).
    install_groups(session, "docs", venv=DOCS_VENV)
    python = str(DOCS_VENV / "bin" / "python")
    session.run(python, "-m", "torch_notes.history.record", *session.posargs, external=True)


# The tiers of the test suite, by marker (pyproject.toml). `tests` is what a contributor runs
# each time; the others read the site `nox -s docs` built, or make full scratch builds.
# `-n auto` (pytest-xdist): a worker per core, each with its own temporary folders.
TEST_TIERS = {
    "tests": ("not site and not drift", "-n", "auto"),
    "site-tests": ("site and not browser", "-n", "auto"),
    "browser-tests": ("browser",),  # one Chromium, its pages one after another
    "drift-tests": ("drift", "-n", "auto"),
}
# Every tier runs in the environment of `tests` (the same 'test' group and lock): one
# install, not four of torch and Sphinx. A tier installs it itself when it is missing or stale.
TESTS_VENV = ROOT / ".nox" / "tests"
DOCS_VENV = ROOT / ".nox" / "docs"  # the `docs` session's environment (nox -s history uses it)


def pytest_tier(session: nox.Session, tier: str) -> list[str]:
    marker, *options = TEST_TIERS[tier]
    return ["pytest", "-m", marker, *options, *session.posargs]


@nox.session(reuse_venv=True, default=True)
def tests(session: nox.Session) -> None:
    """Unit tests and tiny test-root builds, in parallel; no site is built or read (< 3 min)."""
    install_groups(session, "test")
    session.run(*pytest_tier(session, "tests"))


def other_tier(session: nox.Session) -> None:
    install_groups(session, "test", venv=TESTS_VENV)
    bin_dir = TESTS_VENV / "bin"
    env = {"VIRTUAL_ENV": str(TESTS_VENV), "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    command = pytest_tier(session, session.name)
    session.run(str(bin_dir / command[0]), *command[1:], env=env, external=True)


@nox.session(name="site-tests", python=False, default=False)
def site_tests(session: nox.Session) -> None:
    """Tests of the site `nox -s docs` built in _build/site/ (run that first; never rebuilt here)."""
    other_tier(session)


@nox.session(name="browser-tests", python=False, default=False)
def browser_tests(session: nox.Session) -> None:
    """The built site in headless Chromium: search, switcher, offline, axe-core, phone width."""
    other_tier(session)


@nox.session(name="drift-tests", python=False, default=False)
def drift_tests(session: nox.Session) -> None:
    """Scratch builds in which an altered PyTorch must fail, naming page and claim (slow)."""
    other_tier(session)


@nox.session(python=False, default=False)
def books(session: nox.Session) -> None:
    """A PDF and an EPUB per language into _build/site/<lang>/_books/ (run nox -s docs first)."""
    # In the environment of `tests`, which holds the docs group and Playwright.
    install_groups(session, "test", venv=TESTS_VENV)
    python = TESTS_VENV / "bin" / "python"
    session.run(str(python), "-m", "torch_notes.commands.books", *session.posargs, external=True)


@nox.session(python=False, default=False)
def accept(session: nox.Session) -> None:
    """Rebuild the site and keep what it shows as the expected outputs (review in git diff)."""
    # In the environment of `docs`: the same build, so no second install of torch and Sphinx.
    install_groups(session, "docs", venv=DOCS_VENV)
    session.run(
        str(DOCS_VENV / "bin" / "python"), "-m", "torch_notes.commands.build_site",
        "-D", "evidence_accept_outputs=1", *session.posargs, external=True,
    )  # fmt: skip


@nox.session(reuse_venv=True, default=False)
def determinism(session: nox.Session) -> None:
    """Build the site twice and report how the HTML differs, volatile parts aside (must be 0)."""
    install_groups(session, "docs")
    session.run("python", "-m", "torch_notes.commands.determinism", *session.posargs)


@nox.session(name="page-weight", reuse_venv=True, default=False)
def page_weight(session: nox.Session) -> None:
    """Print what a reader's browser loads of the built site (`-- --lighthouse` for scores)."""
    install_groups(session, "bench")
    session.run("python", "-m", "benchmarks.page_weight", *session.posargs)


@nox.session(name="docs-live", reuse_venv=True, default=False)
def docs_live(session: nox.Session) -> None:
    """Serve one language with live reload while writing (default en; `-- -D language=zh_CN`)."""
    install_groups(session, "live")
    session.run(
        "sphinx-autobuild",
        "docs",
        "_build/live",
        "--watch",
        "gallery",
        "--watch",
        "snippets",
        "--ignore",
        "docs/auto_examples/*",
        "--ignore",
        "docs/_generated/*",
        *session.posargs,
    )


@nox.session(python=False, default=False)
def translate(session: nox.Session) -> None:
    """Extract the English messages and update the other languages' catalogs (one .po a page)."""
    # In the environment of `docs`, as `accept`: extracting needs Sphinx, not an install.
    install_groups(session, "docs", venv=DOCS_VENV)
    python = str(DOCS_VENV / "bin" / "python")
    session.run(python, "-m", "torch_notes.commands.translate", *session.posargs, external=True)


@nox.session(reuse_venv=True, default=False)
def lint(session: nox.Session) -> None:
    """Lint and check formatting with ruff, then check torch_notes/'s types with mypy."""
    # The lint group includes the docs group, so that mypy reads Sphinx's and docutils' types.
    # Installed within locks/pin.txt, which pins the test group only: mypy and the type stubs
    # are not in it and install unconstrained (a lint runs none of the code it reads).
    install_groups(session, "lint")
    session.run("ruff", "check", ".", *session.posargs)
    session.run("ruff", "format", "--check", ".")
    session.run("mypy")  # what and how strictly: pyproject.toml, [tool.mypy]
