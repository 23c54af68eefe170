"""Small immutable records inside the results of ``grundy``.

They are ``typing.NamedTuple`` classes: fields by name, unpacking like a
tuple, ``_asdict()``. Their fields are the keys of the nested objects of
the ``grundy`` command's ``--json`` output.
"""

from __future__ import annotations

from typing import NamedTuple


class Periodicity(NamedTuple):
    """The least pre-period and period of one sequence."""

    preperiod: int
    period: int


class Certificate(NamedTuple):
    """What proves a period: which ``sequence`` (``"grundy"``,
    ``"outcome"`` or, for all-but sets, ``"pattern"``), from where
    (``start``) and over how many positions (``window``). See the output
    contract (docs/JSON.md) for the exact statement of each."""

    sequence: str
    start: int
    window: int


class Reduction(NamedTuple):
    """The gcd reduction of an all-but set: d = gcd(X) (``by``) and the set
    X / d the search ran on (``to``); Suetsugu and Abuku, Theorem 6."""

    by: int
    to: str


class PatternCycle(NamedTuple):
    """The repeat of FES boundary patterns that proves an all-but set's
    additive period: the pattern before FES step ``step`` (first
    undetermined position ``start``, ``window`` positions long) equals the
    one ``steps`` steps later, ``shift`` positions on."""

    step: int
    start: int
    steps: int
    shift: int
    window: int


class HeapValue(NamedTuple):
    """One heap of a sum: its rules, size and Grundy value."""

    set: str
    size: int
    grundy: int
