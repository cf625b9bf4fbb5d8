"""Recorded values: plain JSON and back, as a page shows them, and when a stated value holds.

A gallery script records ``facts[key] = value``; exceptions and warnings stay typed
(:class:`~torch_notes.evidence.model.records.Raised`, ``Warned``), and so does what code printed
(``Printed``), so that what a fact is (an error, an output) is recorded, never guessed from its
key or its value.
"""

from __future__ import annotations

import math
import re
import warnings
from typing import Any

from torch_notes.evidence.model.records import Printed, Raised, Warned
from torch_notes.evidence.model.text import printed_text

_CLAIM_SYNTAX = re.compile(r"^(?P<text>.*?)\s*<(?P<key>[^<>]+)>$", re.DOTALL)


def to_plain(value: Any, where: str) -> Any:
    """Turn a recorded value into JSON: numbers, strings, bools, None, lists of them, and
    exceptions and warnings as ``{"raised": type, "message": ...}`` / ``{"warned": ...}``, and
    what code printed as ``{"printed": text}``."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Printed):
        return {"printed": value.text}
    if isinstance(value, Raised):
        return {"raised": value.type, "message": value.message}
    if isinstance(value, Warned):
        return {"warned": value.category, "message": value.message}
    if isinstance(value, list | tuple):
        return [to_plain(item, where) for item in value]
    if isinstance(value, warnings.WarningMessage):
        return {"warned": value.category.__name__, "message": str(value.message)}
    if isinstance(value, type) and issubclass(value, Warning):
        return {"warned": value.__name__}
    if isinstance(value, type) and issubclass(value, BaseException):
        return {"raised": value.__name__}
    if isinstance(value, BaseException):
        return {"raised": type(value).__name__, "message": str(value)}
    if hasattr(value, "tolist"):  # torch tensors and numpy arrays or scalars
        return to_plain(value.tolist(), where)
    raise TypeError(
        f"{where} is a {type(value).__name__}; record a number, string, bool or list "
        "(for example `type(obj).__name__`, `str(dtype)` or `tensor.tolist()`), "
        "an exception or a warning"
    )


def from_plain(value: Any) -> Any:
    """The inverse of :func:`to_plain` for the typed records."""
    if isinstance(value, dict) and "raised" in value:
        return Raised(value["raised"], value.get("message"))
    if isinstance(value, dict) and "warned" in value:
        return Warned(value["warned"], value.get("message"))
    if isinstance(value, dict) and "printed" in value:
        return Printed(value["printed"])
    if isinstance(value, list):
        return [from_plain(item) for item in value]
    return value


def format_value(value: Any, spec: str = "", separator: str = ", ") -> str:
    """A value as a page shows it; a list's items joined by ``separator`` (Chinese: 、)."""
    if isinstance(value, list):
        return separator.join(format_value(item, spec, separator) for item in value)
    if isinstance(value, float) and not spec:
        return f"{value:g}"
    if isinstance(value, Raised | Warned):
        return str(value)
    return format(value, spec) if spec else str(value)


def matches(stated: str, actual: Any) -> bool:
    """Whether the text an author wrote states the executed value.

    Numbers compare as numbers (``0.002`` states float32's 0.0020000000949949026), lists as
    comma-separated items, exceptions and warnings by type (or category) or message, everything
    else as exact text. Chinese separates items with 、 (``0、1、2``, and a printed line of names
    ``0.weight、0.bias``), which states the same.
    """
    stated = stated.strip()
    if isinstance(actual, bool) or actual is None:
        return stated == str(actual)
    if isinstance(actual, Raised | Warned):
        return actual.states(stated)
    if isinstance(actual, Printed):
        return as_written(printed_text(stated), printed_text(actual.text))
    if isinstance(actual, int | float):
        try:
            number = float(stated)
        except ValueError:
            return False
        return math.isclose(number, actual, rel_tol=1e-6, abs_tol=1e-12)
    if isinstance(actual, list):
        parts = [part for part in re.split(r"\s*[,，、]\s*", stated.strip("[]()（）")) if part]
        return len(parts) == len(actual) and all(map(matches, parts, actual))
    return as_written(stated, str(actual))


def as_written(stated: str, actual: str) -> bool:
    """Whether ``stated`` is ``actual``, in English or with Chinese's 、 between items."""
    return stated in (actual, actual.replace(", ", "、"))


def parse_claim(claim: str) -> tuple[str, str]:
    """``"4.5 <autograd_basics.first_grad>"`` -> ``("4.5", "autograd_basics.first_grad")``."""
    match = _CLAIM_SYNTAX.match(claim.strip())
    if not match:
        raise ValueError(f"claim {claim!r} must read `stated value <fact key>`")
    return match["text"], match["key"].strip()
