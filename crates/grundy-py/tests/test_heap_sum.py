"""``grundy.heap``, ``grundy.sum`` and ``grundy.best_move`` against the
command (``heap``, ``sum`` and ``play``) and the theory."""

from __future__ import annotations

import html
import re

import pytest

import grundy

HEAP_CASES = [
    ("1,2,3", 31), ("1,2,3", 10**18), ("1,2,3", 10**300), ("2,3,7", 10**18 + 7),
    ("nim", 5), ("nim", 0), ("all-but:2,3,7", 1000000000000000003),
    ("all-but:1,2,3,4,5", 27640714038704561109), ("all-but:2,3,6,8", 10**18 + 1),
    ("5000,10001,15001", 10**30), ("3,5", 0),
]


@pytest.mark.parametrize("rules,n", HEAP_CASES)
def test_heap_matches_the_command(cli, rules, n):
    want = cli.json("heap", rules, str(n))
    r = grundy.heap(rules, n)
    assert r.to_dict() == want
    assert r.heap == n and isinstance(r.heap, int)
    assert r.winning_moves == tuple(int(t) for t in want["winning_moves"])
    assert r.misere_winning_moves == tuple(int(t) for t in want["misere_winning_moves"])


def test_thirty_one_game():
    # The 31 game (take 1, 2 or 3; muzudho, notes on the 31 game): 31 = 3
    # mod 4, so take 3 and leave 28; misère, P iff n = 1 mod 4: take 2.
    r = grundy.heap({1, 2, 3}, 31)
    assert (r.grundy, r.outcome, r.winning_moves) == (3, "N", (3,))
    assert (r.misere_outcome, r.misere_winning_moves) == ("N", (2,))
    assert repr(r) == ("HeapReport(set='1,2,3', heap=31, grundy=3, outcome='N', "
                       "misere_outcome='N', winning_moves=(3,), misere_winning_moves=(2,))")
    with pytest.raises(AttributeError):
        r.grundy = 0
    assert "winning moves: take 3" in r._repr_html_()
    assert (r.winning_moves_text, r.misere_winning_moves_text) == (("take 3",), ("take 2",))
    assert r.moves_complete and r.moves_exact
    assert (r.winning_families, r.moves_note, r.split_period) == ((), None, None)


def test_huge_heaps_use_the_period():
    # g(n) = g(l + (n - l) mod p) past the pre-period (Winning Ways, ch. 4).
    p = grundy.period("2,3,7")
    g = grundy.values("2,3,7", p.preperiod + p.period)
    n = 7**200
    assert grundy.heap("2,3,7", n).grundy == g[p.preperiod + (n - p.preperiod) % p.period]


SUM_CASES = [
    (["1,2,3:10", "2,3:7", "nim:5"], []),
    (["1,2,3:10", "2,3:7", "nim:5"], ["--misere"]),
    (["nim:3", "nim:1", "1,2:4"], ["--misere"]),
    (["nim:1", "nim:1", "nim:1"], ["--misere"]),
    (["2,3:8", "2,3:4", "1,4:9"], []),
    (["all-but:2,3,6,8:50", "nim:7"], []),
    (["all-but:1,2,3,4,5:27640714038704561109"], []),
    (["1,2,3:1000000000000000000000", "5,9,14:77"], []),
]


def _pair(spec):
    rules, size = spec.rsplit(":", 1)
    return (rules, int(size))


@pytest.mark.parametrize("heaps,flags", SUM_CASES)
def test_sum_matches_the_command(cli, heaps, flags):
    want = cli.json("sum", *heaps, *flags)
    misere = "--misere" in flags
    # Both spellings of heaps: "SET:SIZE" strings and (rules, size) pairs.
    for given in (heaps, [_pair(h) for h in heaps]):
        r = grundy.sum(given, misere=misere)
        assert r.to_dict() == want
        assert [m.to_dict() for m in r.winning_moves] == want["winning_moves"]
        assert [h.grundy for h in r.heaps] == [h["grundy"] for h in want["heaps"]]


def test_sum_by_sprague_grundy():
    # Sprague-Grundy (Winning Ways, ch. 2): the nim-sum of the values, and
    # every winning move leaves a sum of nim-sum 0.
    heaps = [("2,3", 8), ("2,3", 4), ("1,4", 9)]
    r = grundy.sum(heaps)
    values = [grundy.heap(rules, n).grundy for rules, n in heaps]
    assert r.nim_sum == values[0] ^ values[1] ^ values[2]
    for m in r.winning_moves:
        after = list(heaps)
        after[m.heap - 1] = (heaps[m.heap - 1][0], sum(m.leaves))
        assert grundy.sum(after).nim_sum == 0


def test_move_object():
    m = grundy.sum([("1,2,3", 10), ("2,3", 7), ("nim", 5)]).winning_moves[0]
    assert (m.heap, m.take, m.leaves) == (3, 2, (3,))
    assert repr(m) == "Move(heap=3, take=2, leaves=(3,))"
    assert str(m) == "heap 3: take 2"
    assert m.to_dict() == {"heap": 3, "take": 2, "leaves": "3", "text": "heap 3: take 2"}
    same = grundy.best_move([("1,2,3", 10), ("2,3", 7), ("nim", 5)])
    assert m == same and hash(m) == hash(same) and len({m, same}) == 1
    with pytest.raises(AttributeError):
        m.take = 1
    last = grundy.best_move([("1,2,3", 3)])
    assert last.leaves == () and last.to_dict()["leaves"] == "0"


def test_huge_heap_of_a_split_game(cli):
    # Issue 34, item 5: a huge heap of 0.44 (pre-period 143, period 24)
    # lists its winning splits below the pre-period ("take 2 -> 22 +
    # 177903471" was missing) and gives the others as families; Python
    # says what the command says.
    n = 177903495
    want = cli.json("heap", "0.44", str(n))
    r = grundy.heap("0.44", n)
    assert r.to_dict() == want
    assert "take 2 -> 22 + 177903471" in r.winning_moves_text
    assert (r.moves_complete, r.moves_exact, r.split_period) == (False, True, 24)
    assert r.moves_note == want["moves_note"] and "26 families" in r.moves_note
    assert list(r.winning_families) == want["winning_families"]
    first = r.winning_families[0]
    assert (first["take"], first["residues"], first["period"]) == (1, [144], 24)
    assert html.escape(first["text"]) in r._repr_html_()
    # Each family: a + (total - a), a = r (mod p), r <= a <= last, and
    # g(a) = g(total - a) (nim-sum 0), checked at both ends.
    values = grundy.values("0.44", 143 + 24)

    def g(h):
        return values[h] if h < 143 else values[143 + (h - 143) % 24]

    for f in r.winning_families:
        total, (a,), last = int(f["total"]), f["residues"], int(f["last"])
        assert (last - a) % 24 == 0 and int(f["count"]) == (last - a) // 24 + 1
        for x in (a, last):
            assert g(x) == g(total - x)
    s = grundy.sum([("0.44", n)])
    assert s.to_dict() == cli.json("sum", f"0.44:{n}")
    assert (s.moves_complete, s.moves_exact) == (False, True)
    assert [f["heap"] for f in s.winning_families] == [1] * 26
    assert s.moves_note.startswith("the winning splits of heap 1")
    assert "heap 1: take 2 -> 22 + 177903471" in [str(m) for m in s.winning_moves]
    small = grundy.sum([("1,2,3", 10)])
    assert (small.moves_complete, small.winning_families, small.moves_note) == (True, (), None)


PLAY_CASES = [
    (["1,2,3:31"], 5, []), (["1,2,3:32"], 3, []), (["1,2,3:32"], 4, []),
    (["1,2,3:10", "2,3:7", "nim:5"], 7, []), (["1,2,3:8", "1,2,3:8"], 11, []),
    (["1,3,4:20"], 2, ["--misere"]), (["2,3:7", "2,3:7", "nim:2"], 9, ["--misere"]),
    (["all-but:2,3:9"], 1, []),
    # Past the exact budget: the theory (issue 36 §2).
    ([f"0.77:{n}" for n in range(40, 46)], 3,
     ["--misere", "--max-states", "20000"]),
    ([f"0.77:{n}" for n in range(40, 46)], 5, ["--max-states", "20000"]),
]


@pytest.mark.parametrize("heaps,seed,flags", PLAY_CASES)
def test_best_move_is_the_computers_move(cli, heaps, seed, flags):
    # `grundy play --first computer --seed S` makes its first move and
    # stops at the end of input: the same move, ties broken the same way.
    args = ["play", "--first", "computer", "--seed", str(seed), *flags]
    if len(heaps) == 1:
        rules, size = heaps[0].rsplit(":", 1)
        args += ["--set", rules, "--heap", size]
    else:
        args += ["--heap", *heaps]
    out = cli.run(*args).stdout
    said = re.search(r"computer takes (\d+)(?: from heap (\d+))?", out)
    budget = {}
    if "--max-states" in flags:
        budget["max_states"] = int(flags[flags.index("--max-states") + 1])
    m = grundy.best_move(heaps, misere="--misere" in flags, seed=seed, **budget)
    assert (m.take, m.heap) == (int(said.group(1)), int(said.group(2) or 1)), out


def test_best_move_past_the_exact_budget():
    # Issue 36 §2: six heaps of misère Kayles are too many to solve
    # exactly within 20,000 positions; the move comes from the misère
    # quotient (Plambeck and Siegel, "Misère quotients for impartial
    # games"), one of the winning moves `grundy.sum` lists, and the same
    # as `grundy play --first computer` plays with that seed.
    heaps = [("0.77", n) for n in range(40, 46)]
    m = grundy.best_move(heaps, misere=True, seed=3, max_states=20_000)
    s = grundy.sum(heaps, misere=True)
    assert s.method == "quotient" and s.outcome == "N"
    assert m in s.winning_moves


def test_best_move_wins_when_it_can():
    # From an N-position the best move is a winning move; from a P-position
    # any move is, and the best one makes the game last longest.
    for n in range(1, 40):
        m = grundy.best_move([("1,2,5", n)])
        s = grundy.sum([("1,2,5", n)])
        if s.outcome == "N":
            assert m in s.winning_moves
    assert grundy.best_move([("1,2,3", 0), ("nim", 0)]) is None


def test_misere_answers_say_their_method(cli):
    # Issue 36 §2: one octal game's heaps are answered by its misère
    # quotient (Plambeck and Siegel, "Misère quotients for impartial
    # games": 0.75 is R8, certified for every heap), any number of them;
    # heaps of two games by the exhaustive search. The method and its
    # sentence are the command's.
    heaps = [("0.75", n) for n in (5, 9, 10**6)]
    r = grundy.sum(heaps, misere=True)
    assert r.method == "quotient"
    assert r.method_note.startswith('misère play solved by the misère quotient of "0.75" (order 8')
    want = cli.json("sum", *(f"{g}:{n}" for g, n in heaps), "--misere")
    assert r.to_dict() == want
    r = grundy.sum([("0.75", 5), ("1,2,3", 4)], misere=True)
    assert r.method == "search" and "different games" in r.method_note
    assert grundy.sum([("0.75", 5)]).method_note is None
    # A thousand heaps of 0.75: the outcome the quotient object gives.
    many = [("0.75", 1 + (7 * k) % 300) for k in range(1000)]
    q = grundy.quotient("0.75")
    assert grundy.sum(many, misere=True).outcome == q.outcome([n for _, n in many])
    h = grundy.heap("0.77", 40)
    assert (h.misere_method, h.misere_outcome) == ("quotient", q_outcome("0.77", 40))
    assert "order" in h.misere_method_note
    assert grundy.heap("nim", 5).misere_method == "sequence"


def q_outcome(game, n):
    return grundy.quotient(game, heaps=n).outcome([n])
