"""``grundy.quotient`` against the command (``grundy quotient --json``)
and against misère play itself (a small exhaustive search here)."""

from __future__ import annotations

import html
from functools import lru_cache
from itertools import combinations_with_replacement

import pytest

import grundy

CASES = [("1,2,3", None), ("0.75", None), ("0.07", 12), ("0.77", 20), ("1,2", None)]


@pytest.mark.parametrize("game,heaps", CASES)
def test_quotient_matches_the_command(cli, game, heaps):
    args = ["quotient", game] + ([] if heaps is None else ["--heaps", str(heaps)])
    want = cli.json(*args)
    q = grundy.quotient(game, heaps)
    assert q.to_dict() == want
    assert q.order == want["order"]
    assert q.presentation == "<{} | {}>".format(", ".join(want["generators"]), ", ".join(want["relations"]))
    assert q.p_portion == tuple(want["p_portion"])
    assert q.heap_map == tuple(want["heap_map"])
    assert q.tame == want["tame"]
    assert q.heaps == want["heaps"]
    periodic = want["periodic"]
    assert q.periodic == (None if periodic is None else (periodic["preperiod"], periodic["period"]))
    # the table, as the command's --json --table writes it
    table = cli.json(*args, "--table")["table"]
    assert [list(row) for row in q.table()] == table
    assert len(q.elements) == q.order and q.elements[0] == "1"


def test_quotient_of_1_2_3_is_t2():
    # Plambeck and Siegel, Misère quotients for impartial games (2008):
    # 1,2,3 plays like misère Nim on heaps below 4, T2 = <a, b | a2=1, b3=b>
    q = grundy.quotient({1, 2, 3})
    assert (q.order, q.presentation, q.p_portion) == (6, "<a, b | a2=1, b3=b>", ("a", "b2"))
    assert q.multiply("a", "a") == "1" and q.multiply("ab", "b") == "ab2"
    assert repr(q) == ("QuotientReport(game='1,2,3', heaps=None, order=6, "
                       "presentation='<a, b | a2=1, b3=b>', tame=True)")
    page = q._repr_html_()
    assert html.escape("<a, b | a2=1, b3=b>") in page and "tame" in page
    with pytest.raises(AttributeError):
        q.order = 0


def _options(code: str, n: int):
    """The options of a heap of n under an octal code 0.d1d2..., each
    the tuple of heaps it leaves."""
    digits = [int(d) for d in code.split(".")[1]]
    out = set()
    for take, d in enumerate(digits, start=1):
        rest = n - take
        if rest < 0:
            continue
        if d & 1 and rest == 0:
            out.add(())
        if d & 2 and rest > 0:
            out.add((rest,))
        if d & 4 and rest >= 2:
            for a in range(1, rest // 2 + 1):
                out.add((a, rest - a))
    return out


@lru_cache(maxsize=None)
def _misere_p(code: str, heaps: tuple) -> bool:
    """Exhaustive misère search: P iff every move leads to N, and the
    player with no move wins (so the end position is N)."""
    moves = False
    for i, h in enumerate(heaps):
        for leaves in _options(code, h):
            moves = True
            nxt = tuple(sorted(heaps[:i] + heaps[i + 1:] + leaves))
            if _misere_p(code, nxt):
                return False
    return moves


@pytest.mark.parametrize("code,heaps,most", [("0.75", None, 30), ("0.07", 12, 12)])
def test_quotient_outcomes_match_exhaustive_search(code, heaps, most):
    q = grundy.quotient(code, heaps)
    for k in (1, 2, 3):
        for sizes in combinations_with_replacement(range(1, most + 1), k):
            if sum(sizes) > 30:
                continue
            want = "P" if _misere_p(code, tuple(sorted(sizes))) else "N"
            assert q.outcome(list(sizes)) == want, sizes


def test_quotient_errors():
    with pytest.raises(grundy.Error):
        grundy.quotient("nim")
    with pytest.raises(grundy.InvalidRules):
        grundy.quotient("1,x")
    q = grundy.quotient("0.07", 10)
    with pytest.raises(ValueError, match="not an element"):
        q.multiply("a", "zz")
    with pytest.raises(ValueError, match="heap 11 is past"):
        q.outcome([11])
    with pytest.raises(grundy.BudgetExceeded, match="not found finite up to heap"):
        grundy.quotient("0.07", max_positions=200)
    with pytest.raises(grundy.BudgetExceeded, match="not found finite up to heap"):
        grundy.quotient("0.3122", timeout=0.5)
