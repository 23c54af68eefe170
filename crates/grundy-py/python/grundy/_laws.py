"""``grundy.laws``: whole spaces of families searched for the laws behind
their periods (``grundy laws``), as a table with one row per family and
key.

The search is the command's (``grundy_sweep::laws``, compiled); this
module reads the keyword arguments and flattens the command's JSON lines
into rows: the family's keys (its place in the space), then the keys of
its law for one key, with ``validated`` spread over ``validated_range``,
``validated_rows``, ``validated_correct`` and ``validated_wrong``, and
``from`` (None unless the law was fitted from a threshold on).
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Optional, Union

from . import _grundy

#: A range of whole numbers: ``"1..60"`` (``"a=1..60"`` for ``fit`` and
#: ``validate``), or a ``range`` with step 1.
Span = Union[str, range]

#: The columns, in order: the family's keys, then its law's for one key.
COLUMNS = (
    "space",
    "index",
    "family",
    "coefficients",
    "shifts",
    "fit",
    "validate",
    "key",
    "verdict",
    "reason",
    "shape",
    "params",
    "rows",
    "pieces",
    "exceptions",
    "check",
    "latex",
    "skipped",
    "validated_range",
    "validated_rows",
    "validated_correct",
    "validated_wrong",
    "from",
)

#: The columns of whole numbers (nullable ``Int64`` in the DataFrame).
_NUMBERS = ("index", "rows", "skipped", "validated_rows", "validated_correct", "from")

#: The keys of ``validated``, spread over the columns ``validated_KEY``.
_VALIDATED = ("range", "rows", "correct", "wrong")


def _span(name: str, values: Span) -> str:
    """The command's ``LO..HI`` for one keyword argument."""
    if isinstance(values, str):
        return values
    if isinstance(values, range) and not isinstance(values, bool):
        if values.step != 1 or len(values) == 0:
            raise ValueError(
                f"{name}={values!r} must be a non-empty range with step 1; "
                f"write e.g. {name}=range(1, 5) or {name}=\"1..4\""
            )
        return f"{values.start}..{values.stop - 1}"
    raise TypeError(
        f"{name}={values!r} is a {type(values).__name__}; "
        f"write a range such as \"1..4\" or range(1, 5)"
    )


def _keys(keys: Union[str, Iterable[str]]) -> List[str]:
    """``keys=`` as a list of names."""
    if isinstance(keys, str):
        return [keys]
    out = list(keys)
    for k in out:
        if not isinstance(k, str):
            raise TypeError(
                f"keys={keys!r} holds {k!r}, a {type(k).__name__}; "
                f"name keys as text, e.g. keys=(\"period\", \"preperiod\")"
            )
    return out


def rows(record: Dict[str, Any]) -> List[Dict[str, Any]]:
    """The rows of one family's record (a JSON line of ``grundy laws``):
    one per key, in the order asked."""
    family = {name: record[name] for name in COLUMNS[:7]}
    out = []
    for law in record["laws"]:
        row = dict(family)
        for name in COLUMNS[7:18]:
            row[name] = law[name]
        validated = law.get("validated") or {}
        for name in _VALIDATED:
            row[f"validated_{name}"] = validated.get(name)
        # The threshold a law of one parameter was fitted from (absent
        # from the JSON line when every row was fitted).
        row["from"] = law.get("from")
        out.append(row)
    return out


def laws(
    *spaces: str,
    coefficients: Span,
    shifts: Span,
    fit: Span = "1..60",
    validate: Span = "1..400",
    keys: Union[str, Iterable[str]] = ("period", "preperiod"),
    degree: int = 3,
    max_positions: int = _grundy.DEFAULT_SWEEP_POSITIONS,
    timeout: Optional[float] = None,
    jobs: int = 0,
    progress: bool = False,
) -> Any:
    """The laws behind the periods of a whole space of families:
    ``grundy laws``.

    Each space is written as for the command: ``"linear:2"``,
    ``"linear:3"`` or ``"linear:4"`` (every family of sets ``{a, c1*a +
    d1, ...}``), ``"linear2:3"`` (every two-parameter family ``{a, b,
    c1*a + c2*b + d}`` on the region ``a < b``, coefficients from 0),
    ``"linear2:2"`` (the one family ``{a, b}``), or ``"all-but:linear:K"``,
    ``"all-but:linear2:K"``; ``coefficients`` and ``shifts`` are the
    ranges of each ``ci`` and ``di`` (``"1..4"``, ``"-4..4"``, or
    ``range(1, 5)``). Each family is swept on the values of ``a`` in
    ``fit`` and ``validate`` (for a two-parameter family, on the region
    ``LO <= a < b <= HI`` of each); each key in ``keys``
    (``"period"``, ``"preperiod"``, ``"saltus"``, ``"max_value"``,
    ``"outcome_period"``, ``"outcome_preperiod"``) is fitted on ``fit``
    (``degree`` is the highest degree of a formula, 0 to 6) and the law
    is tested on the rows of ``validate`` outside ``fit``, which must
    reach twice the top of ``fit`` (4 times for a two-parameter space).
    ``max_positions``, ``timeout``,
    ``jobs`` are the per-set budget and the workers of each family's
    sweep, as for :func:`grundy.sweep`; Ctrl-C stops the search;
    ``progress=True`` shows a bar counting families.

    Returns a pandas DataFrame when pandas can be imported, else a list of
    dicts: one row per family and key, with the keys of the command's
    JSON lines (docs/JSON.md): the family's ``space``, ``index``,
    ``family`` (a :func:`grundy.sweep` template), ``coefficients``,
    ``shifts``, ``fit``, ``validate`` (for a two-parameter family, its
    regions as sweep parameters: ``"a=1..11, b=a+1..12"``); then its
    law's ``key``,
    ``verdict`` (``"law"``, ``"refuted"``, ``"unvalidated"``,
    ``"no_simple_law"``, ``"unfit"``), ``reason``, ``shape``, ``params``,
    ``rows``, ``pieces``, ``exceptions``, ``check`` (the ``grundy sweep
    --check`` expressions that re-check it), ``latex`` (the law in
    LaTeX), ``skipped``, and
    ``validated`` spread over ``validated_range``, ``validated_rows``,
    ``validated_correct``, ``validated_wrong``. In the DataFrame the
    counts are nullable ``Int64`` columns.

    >>> import grundy
    >>> found = grundy.laws("linear:2", coefficients="1..2", shifts="1..1",
    ...                     fit="1..20", validate="1..60", keys="period")
    >>> rows = found.to_dict("records") if hasattr(found, "to_dict") else found
    >>> [(r["family"], r["verdict"], [p["formula"] for p in r["pieces"]]) for r in rows]
    [('a,a+1', 'law', ['2*a + 1']), ('a,2*a+1', 'law', ['3*a + 1'])]
    """
    if isinstance(degree, bool) or not isinstance(degree, int) or degree < 0:
        raise ValueError(f"degree={degree!r} must be a whole number from 0 to 6 (default 3)")
    for s in spaces:
        if not isinstance(s, str):
            raise TypeError(
                f"space {s!r} is a {type(s).__name__}; name spaces as text, e.g. \"linear:3\""
            )
    if not spaces:
        raise ValueError(
            "name a space to search, e.g. grundy.laws(\"linear:2\", coefficients=\"1..4\", shifts=\"-4..4\")"
        )
    lines = _grundy.laws_records(
        list(spaces),
        _span("coefficients", coefficients),
        _span("shifts", shifts),
        _span("fit", fit),
        _span("validate", validate),
        _keys(keys),
        degree,
        max_positions,
        timeout,
        jobs,
        progress,
    )
    table = [row for line in lines for row in rows(json.loads(line))]
    try:
        import pandas
    except ImportError:
        return table
    # Object columns as Series of dtype object, so that a missing text
    # stays None (pandas 3 infers str columns, where it becomes NaN).
    data = {}
    for name in COLUMNS:
        values = [row[name] for row in table]
        dtype = "Int64" if name in _NUMBERS else "object"
        data[name] = pandas.Series(values, dtype=dtype)
    return pandas.DataFrame(data, columns=list(COLUMNS))
