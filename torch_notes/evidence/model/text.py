"""How text is compared: whitespace, and the rules every output is normalised by.

Normalising is declared here, once, each rule tested (``tests/test_outputs.py``); nothing else
is exempt:

* memory addresses (``0x7f3a...``) differ on every run;
* PyTorch's own source locations in its warnings (``Triggered internally at .../X.h:493``)
  differ between releases;
* terminal colours are dropped.

Two normal forms, named by what they are for: :func:`comparable` (every rule; what an output
block is compared with its expected output in) and :func:`printed_text` (addresses and colours
only; what a snippet printed, as it is shown and compared with what the note printed).
"""

from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass


def without_whitespace(text: str) -> str:
    """``text`` with no whitespace at all: words that a note re-wraps still compare equal."""
    return "".join(text.split())


def collapsed_whitespace(text: str) -> str:
    """``text`` with each run of whitespace one space, trimmed: a quote as a page writes it."""
    return re.sub(r"\s+", " ", text).strip()


NUMBER = re.compile(r"-?\d+\.\d*(?:[eE][+-]?\d+)?|-?\d+[eE][+-]?\d+")


@dataclass(frozen=True)
class Rule:
    name: str
    pattern: re.Pattern[str]
    replacement: str


RULES = (
    Rule("memory address", re.compile(r"0x[0-9a-fA-F]{4,}"), "0x…"),
    Rule(
        "PyTorch source location",
        re.compile(r"\(Triggered internally at [^)]*\.\)"),
        "(Triggered internally at <PyTorch source>.)",
    ),
    Rule("terminal colour", re.compile(r"\x1b\[[0-9;]*[A-Za-z]"), ""),
)


def apply_rules(text: str, names: tuple[str, ...] = ()) -> str:
    """``text`` with the rules applied: all of them, or those named."""
    for rule in RULES:
        if not names or rule.name in names:
            text = rule.pattern.sub(rule.replacement, text)
    return text


def comparable(text: str) -> str:
    """An output as it is compared with its expected output: every rule applied, lines trimmed."""
    return "\n".join(line.rstrip() for line in apply_rules(text).strip("\n").splitlines())


def same(expected: str, actual: str, tolerance: float | None = None) -> bool:
    """Equal after normalising; with a tolerance, the numbers may differ that much (relative)."""
    expected, actual = comparable(expected), comparable(actual)
    if tolerance is None or expected == actual:
        return expected == actual
    if NUMBER.sub("#", expected) != NUMBER.sub("#", actual):
        return False
    pairs = zip(NUMBER.findall(expected), NUMBER.findall(actual), strict=True)
    return all(math.isclose(float(a), float(b), rel_tol=tolerance) for a, b in pairs)


def diff(expected: str, actual: str) -> str:
    lines = difflib.unified_diff(
        comparable(expected).splitlines(),
        comparable(actual).splitlines(),
        "expected",
        "this build",
        lineterm="",
    )
    return "\n".join(f"    {line}" for line in lines)


def mask_addresses(text: str) -> str:
    """What differs on every run (addresses, shown as ``0x…``; terminal colours, dropped),
    by the rules every output is normalised with (:data:`RULES`)."""
    return apply_rules(text, ("memory address", "terminal colour"))


def printed_text(text: str) -> str:
    """What a run printed, as shown and compared with a note: addresses masked, lines trimmed."""
    return "\n".join(line.rstrip() for line in mask_addresses(text).strip().splitlines())
