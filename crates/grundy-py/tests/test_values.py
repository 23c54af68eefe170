"""``grundy.values`` and ``grundy.outcomes``: closed forms from the
literature, the command's ``--json``, dtypes."""

from __future__ import annotations

import numpy as np
import pytest

import grundy

from naive import all_but_values, grundy_values, misere_p
from slow_inputs import ODD, SQUARES

# The oracle cases of the Rust tests: closed forms, each with its source.
CASES = ["1,2,3", "1-5", "2,3", "3,6", "3,9", "2,3,7", "1,3,4", "2,5,9,14", "nim",
         "all-but:2", "all-but:1,2,3", "all-but:2,3,6,8", "all-but:3,6,9", "all-but:2,3,7"]


@pytest.mark.parametrize("k", [1, 2, 3, 4, 7])
def test_take_one_to_k(k):
    # Source: Berlekamp, Conway, Guy, Winning Ways, ch. 4: S = {1..k} has
    # g(n) = n mod (k + 1).
    n = np.arange(200)
    assert (grundy.values(range(1, k + 1), 199) == n % (k + 1)).all()


@pytest.mark.parametrize("a", [1, 2, 3, 5])
def test_all_but_one_element(a):
    # Source: A. A. Siegel, Finite excluded subtraction sets and Infinite
    # Modular Nim (2005): X = {a} gives g(n) = a floor(n / 2a) + (n mod a).
    n = np.arange(300)
    want = a * (n // (2 * a)) + n % a
    assert (grundy.values(f"all-but:{a}", 299) == want).all()


@pytest.mark.parametrize("t", [1, 2, 4])
def test_all_but_one_to_t(t):
    # Source: K. Suetsugu, T. Abuku, All-but Nim with FES sets of size 4,
    # Lemma 3: X = {1..t} gives g(n) = floor(n / (t + 1)).
    n = np.arange(300)
    assert (grundy.values(f"all-but:1-{t}", 299) == n // (t + 1)).all()


def test_nim():
    # Nim (X empty): g(n) = n (Bouton; Winning Ways, ch. 2).
    assert grundy.values("nim", 99).tolist() == list(range(100))
    assert grundy.values("all-but:", 9).tolist() == list(range(10))


@pytest.mark.parametrize("rules", CASES)
def test_values_match_the_command(cli, rules):
    got = grundy.values(rules, 500)
    want = cli.json("values", rules, "--to", "500")
    assert got.tolist() == want["values"]
    assert grundy.outcomes(rules, 500, as_str=True) == want["outcomes"]
    assert (grundy.outcomes(rules, 500) == (got == 0)).all()


@pytest.mark.parametrize("rules", CASES)
def test_misere_outcomes_match_the_command(cli, rules):
    want = cli.json("values", rules, "--to", "300", "--misere")["outcomes"]
    assert grundy.outcomes(rules, 300, misere=True, as_str=True) == want
    cells = grundy.outcomes(rules, 300, misere=True)
    assert "".join("P" if p else "N" for p in cells) == want


def test_misere_outcomes_of_finite_sets():
    # The definition: a misère position is P iff every move leads to N,
    # and a heap with no move is N (Winning Ways, ch. 13).
    for moves in ([1, 2, 3], [2, 3], [3, 5, 8], [1, 4]):
        got = grundy.outcomes(moves, 200, misere=True).tolist()
        assert got == misere_p(moves, 200)


def test_rules_spellings_agree():
    want = grundy.values("1,2,3", 50).tolist()
    for rules in ("{1, 2, 3}", "1-3", "1..3", "1..=3", " 3,1,2 ", {1, 2, 3},
                  range(1, 4), [3, 2, 1, 1], (1, 2, 3), np.array([1, 2, 3]),
                  (x for x in (1, 2, 3))):
        assert grundy.values(rules, 50).tolist() == want, rules


def test_array_is_plain_numpy():
    a = grundy.values("2,3,7", 1000)
    assert isinstance(a, np.ndarray)
    assert a.dtype == np.int64 and a.shape == (1001,)
    assert a.flags.c_contiguous and a.flags.writeable and a.flags.owndata is not None
    b = grundy.outcomes("2,3,7", 1000)
    assert b.dtype == np.bool_ and b.shape == (1001,)


@pytest.mark.parametrize("dtype", ["uint8", "int8", "uint16", "int16", "uint32",
                                   "int32", "uint64", "int64", np.uint8, np.dtype("int32")])
def test_dtypes(dtype):
    a = grundy.values("1,2,3,4,5,6", 300, dtype=dtype)
    assert a.dtype == np.dtype(dtype)
    assert a.tolist() == grundy_values([1, 2, 3, 4, 5, 6], 300)


def test_dtype_too_small():
    # Nim's values reach 300, which uint8 cannot hold.
    with pytest.raises(grundy.Error, match=r'g\(256\) = 256 does not fit in dtype uint8; use dtype="int64"'):
        grundy.values("nim", 300, dtype="uint8")
    with pytest.raises(ValueError, match="is not an integer type"):
        grundy.values("nim", 3, dtype="float64")


def test_to_zero_and_all_but():
    assert grundy.values("1,2,3", 0).tolist() == [0]
    assert grundy.outcomes("1,2,3", 0, as_str=True) == "P"
    assert grundy.values("all-but:2,3,6,8", 120).tolist() == all_but_values([2, 3, 6, 8], 120)


def test_misere_values_refused():
    with pytest.raises(ValueError, match=r"use grundy.outcomes\(rules, to, misere=True\)"):
        grundy.values("1,2,3", 10, misere=True)


def test_long_listing_in_one_call():
    # 10^7 values in one array; spot-check against the period.
    a = grundy.values("2,3,5", 10**7, dtype="uint8")
    p = grundy.period("2,3,5")
    head = a[: p.preperiod + p.period]
    idx = np.array([10**7, 10**7 - 1, 9_999_937])
    want = head[p.preperiod + (idx - p.preperiod) % p.period]
    assert (a[idx] == want).all()


# Issue 37, section 6: a listing that stops before `to` raises, never
# returns a shorter array or string.


def test_misere_listing_out_of_states_raises(cli):
    # Officers' misère outcomes need an exhaustive search whose stored
    # positions run out (at the default 2 * 10^6, at heap 64 after 15 s:
    # it returned 65 outcomes); 50,000 run out at heap 40 at once.
    for as_str in (False, True):
        with pytest.raises(grundy.BudgetExceeded) as e:
            grundy.outcomes("0.6", 100, misere=True, as_str=as_str, max_states=50000)
        assert (e.value.reason, e.value.limit) == ("states", 50000)
        assert str(e.value).endswith("raise max_states=")
    said = cli.run("values", "0.6", "--to", "100", "--misere", "--max-states", "50000",
                   check=False)
    assert said.returncode == 1
    # The library's words, with the argument in place of the flag.
    assert said.stderr.strip().splitlines()[-1] == (
        "grundy: " + str(e.value).replace("max_states=", "--max-states"))
    assert len(grundy.outcomes("0.6", 20, misere=True, max_states=10**6)) == 21


def test_listing_out_of_positions_raises(cli):
    calls = [lambda: grundy.values("1,2,3", 100, max_positions=50),
             lambda: grundy.outcomes("1,2,3", 100, max_positions=50),
             lambda: grundy.outcomes("1,2,3", 100, max_positions=50, as_str=True),
             lambda: grundy.outcomes("0.6", 100, misere=True, max_positions=50)]
    for call in calls:
        with pytest.raises(grundy.BudgetExceeded) as e:
            call()
        assert (e.value.reason, e.value.limit) == ("positions", 50)
        assert str(e.value).endswith("; raise max_positions=")
    said = cli.run("values", "1,2,3", "--to", "100", "--max-positions", "50", check=False)
    assert said.returncode == 1
    with pytest.raises(grundy.BudgetExceeded) as e:
        grundy.values("1,2,3", 100, max_positions=50)
    assert said.stderr.strip().splitlines()[-1] == (
        "grundy: " + str(e.value).replace("max_positions=", "--max-positions"))
    # Exactly enough is enough: to + 1 values.
    assert len(grundy.values("1,2,3", 49, max_positions=50)) == 50


def test_listing_out_of_time_raises():
    # Each value of 2,000 squares costs 2,000 reads: seconds in all.
    for call in (lambda: grundy.values(SQUARES, 5 * 10**6, timeout=0.2),
                 lambda: grundy.outcomes(ODD, 5 * 10**7, timeout=0.2)):
        with pytest.raises(grundy.BudgetExceeded) as e:
            call()
        assert e.value.reason == "time"
        assert str(e.value).endswith("; raise timeout=")
