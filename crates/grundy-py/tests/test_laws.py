"""``grundy.laws``: the records ``grundy laws`` prints, one row per family
and key, for the same spaces, ranges, keys and degree (issue 38)."""

from __future__ import annotations

import doctest

import pytest

import grundy
from grundy import _laws

SEARCHES = [
    # The two-element space: {a, a+1}, {a, a+2}, {a, 2a-1}, {a, 2a}, {a,
    # 2a+1}, ... Their laws are known: period a + b, or 2a when b is an
    # odd multiple of a (B. Benesh et al., INTEGERS 20 (2020); Berlekamp,
    # Conway, Guy, Winning Ways, ch. 4).
    (("linear:2",), {"coefficients": "1..2", "shifts": "-1..1", "fit": "1..20", "validate": "1..60"},
     ["linear:2", "--coefficients", "1..2", "--shifts=-1..1", "--fit", "1..20", "--validate", "1..60"]),
    # Another key, a degree, ranges as Python ranges, and all-but sets.
    (("all-but:linear:2",), {"coefficients": range(1, 3), "shifts": range(0, 2), "fit": "a=1..12",
                             "validate": range(1, 31), "keys": ["saltus", "period"], "degree": 2},
     ["all-but:linear:2", "--coefficients", "1..2", "--shifts", "0..1", "--fit", "a=1..12",
      "--validate", "1..30", "--for", "saltus", "--for", "period", "--degree", "2"]),
    # Two spaces at once, the three-element one with a quadratic law
    # ({a, 2a+1, 3a+1}: period 4a^2 + 3a).
    (("linear:2", "linear:3"), {"coefficients": "2..3", "shifts": "1..1", "fit": "1..12",
                                "validate": "1..30", "keys": "period"},
     ["linear:2", "linear:3", "--coefficients", "2..3", "--shifts", "1..1", "--fit", "1..12",
      "--validate", "1..30", "--for", "period"]),
]


def flattened(records):
    """The command's records as the rows ``grundy.laws`` gives, by the
    rule of docs/python.md: the family's keys, then each law's, with
    ``validated`` spread over ``validated_KEY``."""
    out = []
    for r in records:
        for law in r["laws"]:
            row = {k: v for k, v in r.items() if k != "laws"}
            row.update({k: v for k, v in law.items() if k not in ("validated", "family")})
            assert law["family"] == r["family"]
            for k in ("range", "rows", "correct", "wrong"):
                row[f"validated_{k}"] = (law["validated"] or {}).get(k)
            row.setdefault("from", None)
            out.append(row)
    return out


def as_rows(found):
    """The rows of a DataFrame (pandas.NA as None), or the list as it is."""
    if not hasattr(found, "to_dict"):
        return found
    import pandas

    rows = found.to_dict("records")
    return [{k: (None if v is pandas.NA else v) for k, v in row.items()} for row in rows]


@pytest.mark.parametrize("spaces,options,flags", SEARCHES)
def test_rows_match_the_command(cli, spaces, options, flags):
    records = cli.lines("laws", *flags)
    assert records, "the command found no family"
    found = grundy.laws(*spaces, **options)
    rows = as_rows(found)
    assert rows == flattened(records)
    assert list(rows[0]) == list(_laws.COLUMNS)


def test_two_parameter_spaces():
    # linear2:2 is the one family {a, b} on the region a < b (the
    # coefficients and shifts are unused). Its period is a + b, or 2a
    # when b is an odd multiple of a (B. Benesh et al., INTEGERS 20
    # (2020)): found from the 66 members with b <= 12 and right on the
    # 1,062 held out, with b/a up to 48.
    rows = as_rows(grundy.laws("linear2:2", coefficients="0..0", shifts="0..0",
                               fit="1..12", validate="1..48", keys="period"))
    assert len(rows) == 1
    row = rows[0]
    assert list(row) == list(_laws.COLUMNS)
    assert (row["space"], row["index"], row["family"]) == ("linear2:2", 0, "a,b")
    assert (row["coefficients"], row["shifts"]) == ([], [])
    assert row["fit"] == "a=1..11, b=a+1..12"
    assert row["validate"] == "a=1..47, b=a+1..48"
    assert (row["key"], row["verdict"], row["params"]) == ("period", "law", ["a", "b"])
    assert row["rows"] == 66
    assert [(p["when"], p["formula"]) for p in row["pieces"]] == [
        ("b % (2*a) != a", "a + b"), ("b % (2*a) == a", "2*a")]
    assert row["validated_range"] == "a=1..47, b=13..48, b/a up to 48"
    assert (row["validated_rows"], row["validated_correct"], row["validated_wrong"]) == (1062, 1062, [])


@pytest.mark.parametrize("space", ["linear2:3", "all-but:linear2:2"])
def test_two_parameter_rows_match_the_command(cli, space):
    records = cli.lines("laws", space, "--coefficients", "0..1", "--shifts", "1..1",
                        "--fit", "1..6", "--validate", "1..24", "--for", "period")
    # The three-element families {a, b, c1*a + c2*b + 1} and the all-but
    # {a, b}: the command's records, row for row.
    assert records, "the command found no family"
    assert all(", b=" in r["fit"] for r in records), records
    found = grundy.laws(space, coefficients="0..1", shifts="1..1", fit="1..6",
                        validate="1..24", keys="period")
    assert as_rows(found) == flattened(records)


def test_the_frame_has_nullable_counts():
    pandas = pytest.importorskip("pandas")
    found = grundy.laws("linear:2", coefficients="1..2", shifts="1..1",
                        fit="1..20", validate="1..60")
    assert isinstance(found, pandas.DataFrame)
    assert list(found.columns) == list(_laws.COLUMNS)
    for name in ("index", "rows", "skipped", "validated_rows", "validated_correct"):
        assert str(found[name].dtype) == "Int64", name
    # Two families, two keys each (period, then pre-period), in order.
    assert list(found["key"]) == ["period", "preperiod"] * 2
    assert list(found["family"]) == ["a,a+1", "a,a+1", "a,2*a+1", "a,2*a+1"]
    # Pre-period 0 on every held-out row (Benesh et al., INTEGERS 20
    # (2020)): a law, validated on a = 21..60.
    pre = found[(found["key"] == "preperiod")]
    assert list(pre["verdict"]) == ["law", "law"]
    assert list(pre["validated_correct"]) == [40, 40]


def test_unfitted_laws_have_no_validation():
    # {a, a+4, 2a-4} (linear:3, c in 1..2, d = -4 or 4) has sets only at a =
    # 3, 5, 6 on a = 1..6 and its elements change order at a = 8: not
    # fitted, and its validated_* are None, not zeros.
    rows = as_rows(grundy.laws("linear:3", coefficients="1..2", shifts="-4..4",
                               fit="1..6", validate="1..12", keys="period"))
    late = [r for r in rows if r["family"] == "a,a+4,2*a-4"]
    assert len(late) == 1, [r["family"] for r in rows]
    assert late[0]["verdict"] == "unfit"
    assert late[0]["validated_rows"] is None and late[0]["validated_range"] is None


def test_bad_arguments_are_one_line():
    cases = [
        ((), {}, ValueError, "name a space to search"),
        (("linear:5",), {}, grundy.InvalidRules, '"linear:5" is not a space'),
        (("linear:2",), {"coefficients": "0..2"}, ValueError, "coefficients: "),
        (("linear:2",), {"shifts": "4..1"}, ValueError, 'shifts: the range "4..1" is empty'),
        (("linear:2",), {"validate": "1..30"}, ValueError,
         "validate: the validation range 1..30 does not reach twice the top of the fitting range 1..20"),
        (("linear:2",), {"keys": "perod"}, ValueError, 'keys: unknown key "perod"'),
        (("all-but:linear:2",), {"keys": "max_value"}, ValueError, "keys: max_value is not a key of all-but sets"),
        (("linear:2",), {"degree": 9}, ValueError, "degree: "),
        (("linear:2",), {"degree": True}, ValueError, "degree=True"),
        (("linear:2",), {"coefficients": range(1, 9, 2)}, ValueError, "step 1"),
    ]
    for spaces, options, kind, words in cases:
        given = {"coefficients": "1..2", "shifts": "0..1", "fit": "1..20", "validate": "1..40"}
        given.update(options)
        with pytest.raises(kind) as e:
            grundy.laws(*spaces, **given)
        assert words in str(e.value), (options, str(e.value))
        assert "\n" not in str(e.value)
    for options, words in (({"coefficients": 4}, "coefficients=4 is a int"),
                           ({"keys": ["period", 3]}, "holds 3, a int")):
        given = {"coefficients": "1..2", "shifts": "0..1"}
        given.update(options)
        with pytest.raises(TypeError, match=words):
            grundy.laws("linear:2", **given)


def test_doctests():
    # grundy.laws's own example (its module is grundy._laws, which the
    # package's doctest of `grundy` does not reach).
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    attempted = 0
    for test in finder.find(_laws, _laws.__name__, globs={}):
        attempted += runner.run(test).attempted
    assert runner.failures == 0
    assert attempted >= 4, attempted
