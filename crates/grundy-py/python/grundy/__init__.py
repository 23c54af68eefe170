"""Exact Grundy values, periods, outcomes and sums for subtraction games.

The Python face of the ``grundy`` library (the same engines as the
``grundy`` command, compiled, with the GIL released while they run)::

    >>> import grundy
    >>> grundy.values("1,2,3", 8)                 # the 31 game's rules
    array([0, 1, 2, 3, 0, 1, 2, 3, 0])
    >>> grundy.period("5000,10001,15001").period
    100015000
    >>> grundy.heap("1,2,3", 31).winning_moves     # take 3, leave 28
    (3,)
    >>> grundy.best_move([("1,2,3", 31)])
    Move(heap=1, take=3, leaves=(28,))

Rules are written as the command writes them (``"1,2,3"``, ``"1-3,7"``,
``"nim"``, ``"all-but:2,3,6,8"``) or given as an iterable of ints
(``{1, 2, 3}``, ``range(1, 4)``). Results are immutable; their
``to_dict()`` is the command's ``--json`` object. Errors are
``grundy.Error`` (``InvalidRules``, also a ``ValueError``, and
``BudgetExceeded``). A tutorial is in ``docs/python.md``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Union

from . import _grundy
from ._errors import BudgetExceeded, Error, InvalidRules
from ._laws import laws
from ._grundy import (
    DEFAULT_MAX_POSITIONS,
    DEFAULT_MAX_SPLITS,
    DEFAULT_MAX_STATES,
    DEFAULT_OCTAL_HEAPS,
    DEFAULT_QUOTIENT_POSITIONS,
    DEFAULT_SWEEP_POSITIONS,
    MAX_ELEMENT,
    HeapReport,
    Move,
    PeriodReport,
    QuotientReport,
    SumReport,
    __version__,
    best_move,
    heap,
    outcomes,
    period,
    quotient,
    sum,
    values,
)
from ._types import Certificate, HeapValue, PatternCycle, Periodicity, Reduction

__all__ = [
    "DEFAULT_MAX_POSITIONS",
    "DEFAULT_MAX_SPLITS",
    "DEFAULT_MAX_STATES",
    "DEFAULT_OCTAL_HEAPS",
    "DEFAULT_QUOTIENT_POSITIONS",
    "DEFAULT_SWEEP_POSITIONS",
    "MAX_ELEMENT",
    "BudgetExceeded",
    "Certificate",
    "Error",
    "HeapReport",
    "HeapValue",
    "InvalidRules",
    "Move",
    "PatternCycle",
    "PeriodReport",
    "Periodicity",
    "QuotientReport",
    "Reduction",
    "SumReport",
    "__version__",
    "best_move",
    "fit",
    "heap",
    "laws",
    "outcomes",
    "period",
    "quotient",
    "sum",
    "sweep",
    "values",
]

#: A parameter's values: ``"1..30"`` (bounds may use earlier parameters,
#: ``"a+1..a+30"``), one int, or a ``range`` with step 1.
ParamValues = Union[str, int, range]


def _param_spec(name: str, values: ParamValues) -> str:
    """The command's ``--param NAME=LO..HI`` for one keyword argument."""
    if isinstance(values, bool):
        raise TypeError(f"parameter {name}={values!r} is a bool; write a range such as \"1..30\"")
    if isinstance(values, str):
        return f"{name}={values}"
    if isinstance(values, int):
        return f"{name}={values}"
    if isinstance(values, range):
        if values.step != 1 or len(values) == 0:
            raise ValueError(
                f"parameter {name}={values!r} must be a non-empty range with step 1; "
                f"write e.g. {name}=range(1, 31) or {name}=\"1..30\""
            )
        return f"{name}={values.start}..{values.stop - 1}"
    raise TypeError(
        f"parameter {name}={values!r} is a {type(values).__name__}; "
        f"write a range such as \"1..30\", range(1, 31) or one int"
    )


def sweep(
    family: Optional[str] = None,
    /,
    *,
    subsets: Optional[int] = None,
    max: Optional[int] = None,
    max_positions: int = DEFAULT_SWEEP_POSITIONS,
    timeout: Optional[float] = None,
    jobs: int = 0,
    progress: bool = False,
    **params: ParamValues,
) -> Any:
    """Every set of a family, one row each: the answer of ``grundy sweep``.

    ``family`` is a set whose elements are expressions of the parameters
    (``"a,b,c"``, ``"all-but:a,b,a+b,a+2*b"``); each keyword argument is a
    parameter and its inclusive range, in loop order (the first is the
    outermost): ``"1..30"``, ``"a+1..a+30"`` (bounds may use earlier
    parameters), one int, or ``range(1, 31)``. Or ``subsets=K, max=M``: all
    K-element subsets of 1..M.

    Each set gets ``max_positions`` positions and ``timeout`` seconds
    (status ``"not found"`` beyond); the sets are spread over ``jobs``
    threads (0: one per core) with the GIL released; Ctrl-C stops the
    sweep; ``progress=True`` shows a bar (tqdm if installed).

    Returns a pandas DataFrame when pandas can be imported, else a list
    of dicts (pandas is optional: ``pip install
    './crates/grundy-py[pandas]'`` installs it with the package), one row
    per set in family order, with the command's columns: the parameters,
    ``set``, ``preperiod``, ``period``, ``saltus``,
    ``outcome_preperiod``, ``outcome_period``, ``max_value``,
    ``positions``, ``status``. In the DataFrame the numbers are nullable
    ``Int64`` columns and a missing value is ``pandas.NA``; in the dicts
    it is ``None``. Parameters cannot be named like the keyword arguments
    above.

    >>> import grundy
    >>> rows = grundy.sweep("a,2*a+1", a=range(1, 4))
    >>> [(r["set"], r["period"]) for r in (rows.to_dict("records") if hasattr(rows, "to_dict") else rows)]
    [('1,3', 2), ('2,5', 7), ('3,7', 10)]
    """
    specs = [_param_spec(name, v) for name, v in params.items()]
    columns: Dict[str, List[Any]] = _grundy.sweep_columns(
        family, specs, subsets, max, max_positions, timeout, jobs, progress
    )
    try:
        import pandas
    except ImportError:
        names = list(columns)
        return [dict(zip(names, row)) for row in zip(*columns.values())]
    return _frame(pandas, columns)


def _frame(pandas: Any, columns: Dict[str, List[Any]]) -> Any:
    """The columns as a DataFrame: numbers as nullable Int64 (so that a
    missing period does not turn the column into floats), text as str."""
    data = {}
    for name, values in columns.items():
        if name in ("set", "status"):
            data[name] = pandas.array(values, dtype="object")
        else:
            data[name] = pandas.array(values, dtype="Int64")
    return pandas.DataFrame(data)


def fit(
    family: str,
    /,
    *,
    key: str = "period",
    degree: int = 3,
    validate: Optional[Mapping[str, ParamValues]] = None,
    max_positions: int = DEFAULT_SWEEP_POSITIONS,
    timeout: Optional[float] = None,
    jobs: int = 0,
    progress: bool = False,
    **params: ParamValues,
) -> Dict[str, Any]:
    """The law behind one column of a family's sweep: ``grundy fit``.

    The family and its parameters are written as for :func:`sweep`
    (``grundy.fit("a,b", a="1..30", b="a+1..a+40")``); ``key`` is the
    column to explain: ``"period"``, ``"preperiod"``, ``"saltus"``,
    ``"max_value"``, ``"outcome_period"`` or ``"outcome_preperiod"``;
    ``degree`` the highest degree of a formula (0 to 6). ``validate``
    computes the family further, with some parameters' ranges replaced
    (``validate={"a": "31..60"}``), and checks every prediction there.

    Returns the object ``grundy fit --json`` prints (its keys are a
    contract, listed in docs/JSON.md), as a dict: ``family``, ``key``,
    ``params``, ``rows``, the ``pieces`` (each ``when``, ``formula``,
    ``rows``, ``confirming``; empty when there is no simple law), the
    ``exceptions`` (rows no piece explains) and ``validated`` (with
    ``validate``: ``range``, ``rows``, ``correct``, ``wrong``; else None).
    A law is a conjecture backed by the rows it was found on, not a proof.

    >>> import grundy
    >>> law = grundy.fit("a,2*a+1", a="1..24")
    >>> [(p["when"], p["formula"]) for p in law["pieces"]], law["exceptions"]
    ([('true', '3*a + 1')], [{'a': 1, 'period': 2}])
    >>> grundy.fit("a,2*a+1", a="1..24", validate={"a": "25..40"})["validated"]
    {'range': 'a=25..40', 'rows': 16, 'correct': 16, 'wrong': []}
    """
    if isinstance(degree, bool) or not isinstance(degree, int) or degree < 0:
        raise ValueError(f"degree={degree!r} must be a whole number from 0 to 6 (default 3)")
    if validate is not None and not isinstance(validate, Mapping):
        raise TypeError(
            f"validate={validate!r} is a {type(validate).__name__}, not a dict; "
            f"give the ranges to check by parameter, e.g. validate={{\"a\": \"31..60\"}}"
        )
    specs = [_param_spec(name, v) for name, v in params.items()]
    further = [_param_spec(name, v) for name, v in (validate or {}).items()]
    text = _grundy.fit_report(
        family, specs, key, degree, further, max_positions, timeout, jobs, progress
    )
    import json

    return json.loads(text)
