"""``grundy.sweep``: the rows of ``grundy sweep --format jsonl``, as a
DataFrame (pandas) or a list of dicts (without pandas)."""

from __future__ import annotations

import builtins
import sys

import pandas as pd
import pytest

import grundy

SWEEPS = [
    (("all-but:a,b,a+b,a+2*b",), {"a": "1..4", "b": "a+1..a+4"},
     ["all-but:a,b,a+b,a+2*b", "--param", "a=1..4", "--param", "b=a+1..a+4"]),
    (("a,b,c",), {"c": "3..12", "b": "2..c-1", "a": "1..b-1"},
     ["a,b,c", "--param", "c=3..12", "--param", "b=2..c-1", "--param", "a=1..b-1"]),
    ((), {"subsets": 2, "max": 15}, ["--subsets", "2", "--max", "15"]),
    # Budgets give "not found" rows; a 0 element gives an "error" row.
    (("a,2*a+1,3*a+1",), {"a": "298..300", "max_positions": 5000},
     ["a,2*a+1,3*a+1", "--param", "a=298..300", "--max-positions", "5000"]),
    (("a-2,a",), {"a": "1..4"}, ["a-2,a", "--param", "a=1..4"]),
]


def _without_pandas(monkeypatch):
    real = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas" or name.startswith("pandas."):
            raise ImportError("pandas hidden for this test")
        return real(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "pandas", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_pandas)


@pytest.mark.parametrize("args,kwargs,flags", SWEEPS)
def test_rows_match_the_command(cli, monkeypatch, args, kwargs, flags):
    want = cli.lines("sweep", *flags, "--format", "jsonl", "--jobs", "2")
    frame = grundy.sweep(*args, jobs=2, **kwargs)
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == list(want[0])
    records = [{k: (None if pd.isna(v) else v) for k, v in r.items()}
               for r in frame.to_dict("records")]
    assert records == want
    _without_pandas(monkeypatch)
    rows = grundy.sweep(*args, jobs=2, **kwargs)
    assert isinstance(rows, list) and rows == want


def test_frame_dtypes():
    f = grundy.sweep("all-but:a,b", a="1..3", b="a+1..4")
    assert str(f["period"].dtype) == "Int64"
    assert f["max_value"].isna().all()  # all-but sets: unbounded values
    assert f["set"].tolist()[0] == "all-but:1,2"
    assert set(f["status"]) == {"found"}


def test_parameter_spellings_agree():
    base = grundy.sweep("a,b", a="1..5", b="a+1..7")
    assert grundy.sweep("a,b", a=range(1, 6), b="a+1..7").equals(base)
    one = grundy.sweep("a,b", a=3, b="a+1..7")
    assert one["set"].tolist() == base[base["a"] == 3]["set"].tolist()


def test_suetsugu_abuku_family():
    # Source: K. Suetsugu, T. Abuku, All-but Nim with FES sets of size 4,
    # Lemma 7 and Conjecture 3: the periods of X = {a, b, a+b, 2a+b} for
    # small a and b; here checked against grundy.period one by one.
    f = grundy.sweep("all-but:a,b,a+b,2*a+b", a="1..4", b="a+1..a+5")
    for row in f.itertuples():
        r = grundy.period(row.set)
        assert (row.preperiod, row.period, row.saltus) == (r.preperiod, r.period, r.saltus)


def test_bad_families():
    with pytest.raises(grundy.InvalidRules, match='uses "c", which is not defined'):
        grundy.sweep("a,b", a="1..3", b="c..4")
    with pytest.raises(ValueError, match="describe a family"):
        grundy.sweep()
    with pytest.raises(ValueError, match="not both"):
        grundy.sweep("a,b", subsets=2, max=5)
    with pytest.raises(ValueError, match="non-empty range with step 1"):
        grundy.sweep("a", a=range(1, 10, 2))
    with pytest.raises(TypeError, match="write a range such as"):
        grundy.sweep("a", a=[1, 2])
    with pytest.raises(grundy.InvalidRules, match="no 5-element subsets"):
        grundy.sweep(subsets=5, max=3)


def test_family_without_parameters():
    # Issue 37, section 6: a template with no parameter made the family
    # count index an empty list (PanicException); it is bad rules.
    for call in (lambda: grundy.sweep("1,2,3"), lambda: grundy.sweep("all-but:2,3")):
        with pytest.raises(grundy.InvalidRules, match="has no parameters") as e:
            call()
        assert "\n" not in str(e.value)
