"""The exceptions of ``grundy``: one base class and two kinds to catch.

Every error the library reports is a ``grundy.Error``. Rules that cannot be
understood are ``grundy.InvalidRules``, which is also a ``ValueError``; a
computation that ran out of its budget is ``grundy.BudgetExceeded``. The
messages are the library's one-line messages (the ones the ``grundy``
command prints after ``grundy: ``), with the hint at the argument to raise
written for Python (``max_positions=``, ``timeout=``, ``max_states=``).
Arguments of the wrong type or out of range are the usual ``TypeError``
and ``ValueError``.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional


class Error(Exception):
    """An error reported by the grundy library."""


class InvalidRules(Error, ValueError):
    """The rules (a subtraction set, a sweep's template) cannot be
    understood; the message quotes the bad part and suggests a fix.

    >>> import grundy
    >>> grundy.period("1,x")
    Traceback (most recent call last):
    ...
    grundy._errors.InvalidRules: "x" is not a number; write move sizes as positive integers, e.g. "1,2,3" or "1-3"
    """


class BudgetExceeded(Error):
    """A computation stopped before it had an answer: ``reason`` says which
    limit (``"positions"``, ``"states"``, ``"time"``, ``"cancelled"``,
    ``"width"``, or ``"splits"``: the default cost limit of an octal
    game's period search, ``DEFAULT_MAX_SPLITS``), ``done`` how far it
    got and ``limit`` the limit in force, both counted in ``unit``
    (``"positions"``, ``"run segments"`` or ``"splits"``). For an octal game whose period
    was not found, ``survey`` is what the computation saw, as researchers
    publish it (the ``survey`` object of ``grundy period CODE --json``: a
    dict with ``len``, ``max_value``, ``frequencies``, ``mask``, ``domain``,
    ``rare``, ``rare_positions``, ``last_rare``); otherwise ``None``.

    >>> import grundy
    >>> try:
    ...     grundy.period("5000,10001,15001", engine="block", max_positions=10**6)
    ... except grundy.BudgetExceeded as e:
    ...     print(e)
    ...     print(e.reason, e.limit)
    no period found within 1000000 positions for "5000,10001,15001"; raise max_positions=
    positions 1000000
    >>> try:
    ...     grundy.period("0.6", max_positions=30000)  # Officers
    ... except grundy.BudgetExceeded as e:
    ...     print(e.survey["rare_positions"], e.survey["last_rare"])
    1583 20627
    """

    def __init__(
        self,
        message: str,
        reason: Optional[str] = None,
        done: Optional[int] = None,
        limit: Optional[int] = None,
        unit: Optional[str] = None,
        survey: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.done = done
        self.limit = limit
        self.unit = unit
        self.survey: Optional[Dict[str, Any]] = (
            json.loads(survey) if survey is not None else None
        )
