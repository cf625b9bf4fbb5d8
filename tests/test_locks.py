"""The legs of the supported range: one lock each, and the floor is pyproject's lower bounds."""

from __future__ import annotations

import pytest

from torch_notes import legs as locks


def test_a_group_expands_the_groups_it_includes():
    requirements = locks.group_requirements("test")
    assert any(r.startswith("torch") for r in requirements)  # through docs -> torch
    assert any(r.startswith("pytest") for r in requirements)


def test_lower_bounds_read_the_requirements_written_with_a_floor():
    assert locks.lower_bounds(["sphinx>=8.2.3", "ruff", "Jinja2 >= 3.1 ; python_version>'3'"]) == {
        "sphinx": "8.2.3",
        "jinja2": "3.1",
    }


@pytest.mark.parametrize("leg", sorted(locks.LEGS))
def test_every_leg_has_a_lock_that_pins_torch_and_every_direct_requirement(leg):
    pinned = locks.pins(locks.LEGS[leg].lock)
    assert "+" not in pinned["torch"], "a local label (+cpu) exists on one index only"
    direct = locks.lower_bounds(locks.group_requirements(locks.LOCKED_GROUP))
    assert not set(direct) - set(pinned), f"{leg}: not locked: {set(direct) - set(pinned)}"


def test_the_floor_leg_installs_exactly_the_lower_bounds_of_pyproject():
    from packaging.version import Version

    pinned = locks.pins(locks.LEGS["floor"].lock)
    bounds = locks.lower_bounds(locks.group_requirements(locks.LOCKED_GROUP))
    differ = {n: (v, pinned[n]) for n, v in bounds.items() if Version(v) != Version(pinned[n])}
    assert not differ, f"pyproject's lower bound != what locks/floor.txt installs: {differ}"


def test_the_legs_are_ordered_floor_pin_newest():
    from torch_notes.release_list import version

    releases = [version(locks.torch_release(leg)) for leg in ("floor", "pin", "newest")]
    assert releases == sorted(releases)
