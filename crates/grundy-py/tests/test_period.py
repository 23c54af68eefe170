"""``grundy.period``: cited results, the command's ``--json``, the result
object (immutable, repr, dict, Jupyter display)."""

from __future__ import annotations

import pytest

import grundy

from conftest import without_seconds
from slow_inputs import ODD

PERIOD_CASES = [
    ("2,3,5", []), ("1,2,3", []), ("2,3,7", []), ("3,5", []), ("3,9", []),
    ("2,5,9,14", []), ("1-3", ["--misere"]), ("2,3,7", ["--misere"]),
    ("5,9,14", ["--misere"]), ("50,101,151", []), ("50,101,151", ["--engine", "runs"]),
    ("50,101,151", ["--engine", "block"]), ("all-but:2,3,6,8", []),
    ("all-but:3,6,9", []), ("all-but:2,3,7", []), ("all-but:2", ["--misere"]),
    ("nim", []), ("all-but:1,2,3", ["--misere"]),
]


@pytest.mark.parametrize("rules,flags", PERIOD_CASES)
def test_report_matches_the_command(cli, rules, flags):
    want = without_seconds(cli.json("period", rules, *flags))
    misere = "--misere" in flags
    engine = flags[flags.index("--engine") + 1] if "--engine" in flags else "auto"
    got = grundy.period(rules, misere=misere, engine=engine).to_dict()
    assert isinstance(got.pop("seconds"), float)
    assert got == want
    assert list(got) == list(want)  # the same keys in the same order


@pytest.mark.parametrize("a,b", [(1, 2), (2, 3), (3, 5), (2, 6), (3, 9), (4, 20), (5, 7)])
def test_two_element_sets(a, b):
    # Source: Berlekamp, Conway, Guy, Winning Ways, ch. 4: S = {a, b},
    # a < b, is purely periodic with period 2a when b is an odd multiple
    # of a, and a + b otherwise.
    r = grundy.period({a, b})
    odd_multiple = b % a == 0 and (b // a) % 2 == 1
    assert (r.preperiod, r.period) == (0, 2 * a if odd_multiple else a + b)


def test_all_but_2_3_6_8():
    # Source: K. Suetsugu, T. Abuku, All-but Nim with FES sets of size 4,
    # section 1.2 (after A. A. Siegel): X = {2, 3, 6, 8} is not purely
    # additively periodic; pre-period 42, period 9, saltus 3.
    r = grundy.period("all-but:2,3,6,8")
    assert (r.preperiod, r.period, r.saltus) == (42, 9, 3)
    assert r.max_value is None and r.engine == "fes"
    assert r.pattern_cycle == grundy.PatternCycle(step=14, start=39, steps=3, shift=9, window=8)
    assert r.certificate.sequence == "pattern"


def test_gcd_reduction():
    # Source: K. Suetsugu, T. Abuku, All-but Nim with FES sets of size 4,
    # Theorem 6: with d = gcd(X), G_X(n) = d G_{X/d}(floor(n/d)) + (n mod d).
    r = grundy.period("all-but:3,6,9")
    assert r.reduced == grundy.Reduction(by=3, to="all-but:1,2,3")
    assert (r.preperiod, r.period, r.saltus) == (0, 12, 3)


def test_demanding_set_by_both_engines():
    # {a, 2a+1, 3a+1} has a period of about 4a^2 (the demanding inputs of
    # the Rust tests); both engines give the same least answer.
    runs = grundy.period("200,401,601", engine="runs")
    block = grundy.period("200,401,601", engine="block")
    assert (runs.preperiod, runs.period) == (block.preperiod, block.period)
    assert runs.engine == "runs" and block.engine.startswith("block")
    assert runs.segments is not None and block.segments is None


def test_result_is_immutable():
    r = grundy.period("2,3,5")
    for name in ("period", "preperiod", "set", "outcome", "seconds"):
        with pytest.raises(AttributeError):
            setattr(r, name, 1)
    with pytest.raises(AttributeError):
        r.new_attribute = 1
    with pytest.raises(TypeError):
        r.outcome[0] = 5  # a named tuple


def test_repr_and_fields():
    r = grundy.period("2,3,5")
    assert repr(r) == ("PeriodReport(set='2,3,5', play='normal', preperiod=0, period=7, "
                       "saltus=0, outcome=Periodicity(preperiod=0, period=7), engine='block-u8')")
    assert r.outcome == (0, 7) and r.outcome.period == 7
    # The certificate's statement (Winning Ways, ch. 4: max(S) consecutive
    # agreements g(n + p) = g(n) prove the period): checked on the values,
    # not against a checkpoint position, which is the engine's choice.
    c = r.certificate
    assert (c.sequence, c.window) == ("grundy", 5) and c.start >= r.preperiod
    g = grundy.values("2,3,5", c.start + c.window + r.period)
    assert all(g[n + 7] == g[n] for n in range(r.preperiod, c.start + c.window))
    assert r.reduced is None and r.pattern_cycle is None and r.segments is None
    assert r.max_value == 3 and r.positions > 0 and r.seconds >= 0
    m = grundy.period("1,2,3", misere=True)
    assert m.play == "misere" and m.max_value is None
    assert "play='misere'" in repr(m)


def test_html_and_svg(cli):
    r = grundy.period("2,3,7")
    html = r._repr_html_()
    assert html.startswith('<div class="grundy-period"><table>')
    assert "<th style=\"text-align:left\">period</th><td style=\"text-align:left\">5</td>" in html
    assert "certificate" in html and "<svg" in html
    svg = r._repr_svg_()
    # The plot of `grundy plot`, byte for byte, for the same heaps.
    assert svg == cli.run("plot", "2,3,7", "--to", "100").stdout
    assert r.plot(to=250, width=600, height=300) == cli.run(
        "plot", "2,3,7", "--to", "250", "--width", "600", "--height", "300").stdout
    allbut = grundy.period("all-but:2,3,6,8")
    assert allbut._repr_svg_() == cli.run("plot", "all-but:2,3,6,8", "--to", "100").stdout
    misere = grundy.period("2,3,7", misere=True)
    assert misere._repr_svg_() is None
    assert "<svg" not in misere._repr_html_()
    with pytest.raises(ValueError, match="misère"):
        misere.plot()


def test_plot_lists_within_its_budget(cli):
    # The values plotted are listed as `grundy plot` lists them, within
    # max_positions= and timeout=; a listing cut short raises, never
    # draws fewer values.
    r = grundy.period("2,3,7")
    with pytest.raises(grundy.BudgetExceeded) as e:
        r.plot(to=1000, max_positions=500)
    assert (e.value.reason, e.value.done, e.value.limit) == ("positions", 500, 500)
    assert str(e.value) == (
        'listing the values of "2,3,7" stopped after 500 positions '
        "(the budget ran out); raise max_positions="
    )
    assert r.plot(to=1000, max_positions=1001, timeout=60) == cli.run(
        "plot", "2,3,7", "--to", "1000", "--max-positions", "1001").stdout
    # A wide set lists slowly: ten million values take minutes.
    wide = grundy.period(ODD)
    with pytest.raises(grundy.BudgetExceeded) as e:
        wide.plot(to=10**7, timeout=0.2)
    assert e.value.reason == "time"
    with pytest.raises(ValueError, match="timeout=0 must be a positive number"):
        r.plot(timeout=0)


def test_default_plot_covers_two_periods(cli):
    r = grundy.period("30,61,91")  # pre-period 0, period > 50
    to = max(100, min(r.preperiod + 2 * r.period, 10_000))
    assert to > 100
    assert r._repr_svg_() == cli.run("plot", "30,61,91", "--to", str(to)).stdout


def test_engine_warning_for_all_but():
    with pytest.warns(UserWarning, match="engine='block' applies to finite sets; all-but sets always use the FES engine"):
        grundy.period("all-but:2,3", engine="block")


# issue 35 §1: each kind of certificate in the library's one sentence, the
# one `grundy period` prints after "certificate:", as `certificate_text`,
# in `to_dict()` and in the HTML table (which had no Guy-Smith case).
CERTIFICATES = [
    # A finite set's window (Winning Ways, ch. 4).
    ("2,3,7", False,
     "g(n + 5) = g(n) for every n in [0, 9), all the n the search compared; the last "
     "m = 7 of them (m = max S: each value depends only on the m values before it) make "
     "a whole window repeat, so it holds for all n >= 0"),
    ("3,5,9", True,
     "o(n + 2) = o(n), where o(n) is 0 at a P-position and 1 at an N-position, for every "
     "n in [14, 24), all the n the search compared; the last m = 9 of them (m = max S: "
     "each value depends only on the m values before it) make a whole window repeat, so "
     "it holds for all n >= 14"),
    # An all-but set's FES pattern repeat (Suetsugu-Abuku, section 1.2).
    ("all-but:2,3,6,8", False,
     "for all-but:2,3,6,8, the FES boundary pattern before step 14 (first undetermined "
     "position 39, 8 positions) recurs 3 steps later, 9 positions on, so g(n + 9) = g(n) + 3 "
     "wherever g(n) >= 14; the positions of each smaller value k were compared with those "
     "of value k + 3"),
    # Its misère P-positions.
    ("all-but:2,3,6,8", True,
     "two P-positions differ by an element of X, so every P-position lies in [1, 9] and "
     "every heap from 10 on is N"),
    # Kayles, by the Guy-Smith periodicity theorem (Winning Ways, ch. 4).
    ("0.77", False,
     "g(n + 12) = g(n) for every n in [71, 156), the Guy-Smith bound 2 n0 + p + t = 156 "
     "(code length t = 2, a move leaves at most 2 heaps), so by the Guy-Smith periodicity "
     "theorem it holds for all n >= 71"),
]


@pytest.mark.parametrize("rules,misere,sentence", CERTIFICATES)
def test_certificate_text(cli, rules, misere, sentence):
    r = grundy.period(rules, misere=misere)
    assert r.certificate_text == sentence
    assert r.to_dict()["certificate_text"] == sentence
    flags = ["--misere"] if misere else []
    text = cli.run("period", rules, *flags).stdout
    assert f"certificate:  {sentence}\n" in text
    html = r._repr_html_()
    escaped = sentence.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert f"<td style=\"text-align:left\">{escaped}</td>" in html
