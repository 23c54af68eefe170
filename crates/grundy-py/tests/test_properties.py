"""Property tests (hypothesis): the compiled engines against the
definitions computed the obvious way in pure Python (``naive.py``)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grundy

from naive import all_but_values, grundy_values, least_period, misere_p

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

# Small finite sets, including the adversarial shapes of the Rust tests:
# one element, consecutive runs, a large gap (long pre-periods), duplicates.
finite_sets = st.one_of(
    st.lists(st.integers(1, 40), min_size=1, max_size=6),
    st.integers(1, 12).map(lambda k: list(range(1, k + 1))),
    st.tuples(st.integers(1, 6), st.integers(20, 60)).map(lambda t: [t[0], t[0] + 1, t[1]]),
    st.integers(1, 9).map(lambda a: [a, 2 * a + 1, 3 * a + 1]),
)


@SETTINGS
@given(moves=finite_sets, to=st.integers(0, 400))
def test_values_are_the_mex(moves, to):
    assert grundy.values(moves, to).tolist() == grundy_values(sorted(set(moves)), to)


@SETTINGS
@given(moves=finite_sets, to=st.integers(0, 300))
def test_outcomes(moves, to):
    g = grundy_values(sorted(set(moves)), to)
    assert grundy.outcomes(moves, to).tolist() == [v == 0 for v in g]
    assert grundy.outcomes(moves, to, misere=True).tolist() == misere_p(sorted(set(moves)), to)


@settings(max_examples=120, deadline=None)
@given(excluded=st.lists(st.integers(1, 12), min_size=0, max_size=4), to=st.integers(0, 150))
def test_all_but_values(excluded, to):
    rules = "all-but:" + ",".join(map(str, excluded))
    assert grundy.values(rules, to).tolist() == all_but_values(excluded, to)


@SETTINGS
@given(moves=finite_sets)
def test_period_is_the_least(moves):
    r = grundy.period(moves)
    m = max(moves)
    prefix = r.preperiod + 3 * r.period + 2 * m + 10
    g = grundy_values(sorted(set(moves)), prefix)
    # The reported period holds on the whole prefix from the pre-period on,
    # and the naive search over the prefix finds the same least (l, p).
    assert all(g[n + r.period] == g[n] for n in range(r.preperiod, prefix - r.period))
    assert least_period(g, m) == (r.preperiod, r.period, 0)
    assert r.max_value == max(g)
    o = [v == 0 for v in g]
    assert least_period(o, m)[:2] == (r.outcome.preperiod, r.outcome.period)


@settings(max_examples=60, deadline=None)
@given(excluded=st.lists(st.integers(1, 8), min_size=1, max_size=3))
def test_all_but_period_is_the_least(excluded):
    r = grundy.period("all-but:" + ",".join(map(str, excluded)))
    span = 2 * max(excluded) + 1
    prefix = r.preperiod + 3 * r.period + 2 * span + 10
    g = all_but_values(excluded, prefix)
    assert least_period(g, span, saltus=True) == (r.preperiod, r.period, r.saltus)
