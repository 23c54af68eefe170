"""The definitions, computed the obvious way in pure Python: the oracle of
the property tests (and the "cgt-style" loop of the benchmark).

g(n) = mex{ g(n - s) : s in S, s <= n } (Sprague-Grundy; Berlekamp, Conway,
Guy, Winning Ways, ch. 4). A misère position with no move is a win for the
player to move (Winning Ways, ch. 13).
"""

from __future__ import annotations

from typing import Iterable, List, Sequence


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among ``values``."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def grundy_values(moves: Sequence[int], to: int) -> List[int]:
    """g(0..=to) of the subtraction game with the finite set ``moves``."""
    g: List[int] = []
    for n in range(to + 1):
        g.append(mex(g[n - s] for s in moves if s <= n))
    return g


def all_but_values(excluded: Sequence[int], to: int) -> List[int]:
    """g(0..=to) of the all-but set N minus ``excluded``."""
    out = set(excluded)
    g: List[int] = []
    for n in range(to + 1):
        g.append(mex(g[n - s] for s in range(1, n + 1) if s not in out))
    return g


def misere_p(moves: Sequence[int], to: int) -> List[bool]:
    """Whether each heap 0..=to is a misère P-position (the player to move
    loses when the last mover loses)."""
    p: List[bool] = []
    for n in range(to + 1):
        options = [n - s for s in moves if s <= n]
        # No move: the player to move has made... nothing and wins (N).
        wins = not options or any(p[o] for o in options)
        p.append(not wins)
    return p


def least_period(values: Sequence[int], min_span: int, saltus: bool = False):
    """The least period p, its least pre-period l and saltus s that the
    prefix ``values`` shows: the least p such that values[i + p] =
    values[i] + s holds for every i from l to the end, over a span of at
    least ``min_span`` and 2p positions (for a finite set, ``min_span`` =
    max(S) consecutive agreements prove the period, Winning Ways ch. 4);
    None when no p fits in the prefix."""
    n = len(values)
    for p in range(1, n // 3 + 1):
        s = values[-1] - values[-1 - p] if saltus else 0
        l = n - p
        while l > 0 and values[l - 1 + p] == values[l - 1] + s:
            l -= 1
        if (n - p) - l >= max(2 * p, min_span):
            return l, p, s
    return None


def octal_values(code: str, to: int) -> List[int]:
    """g(0..=to) of the octal game ``code`` (``"0.137"``, ``"4.07"``), from
    its definition (Winning Ways, ch. 4): digit d_i says, as a sum of 1,
    2 and 4, whether removing i tokens from a heap may leave 0, 1 or 2
    non-empty heaps (d_0: splitting a heap without removing any)."""
    before, after = code.split(".")
    digits = [int(before)] + [int(d) for d in after]
    g: List[int] = []
    for n in range(to + 1):
        options = set()
        for i, d in enumerate(digits):
            if i > n:
                break
            rest = n - i
            if d & 1 and rest == 0:
                options.add(0)
            if d & 2 and rest > 0 and (i > 0 or rest < n):
                options.add(g[rest])
            if d & 4:
                for a in range(1, rest // 2 + 1):
                    b = rest - a
                    if b >= 1:
                        options.add(g[a] ^ g[b])
        g.append(mex(options))
    return g
