"""Octal games from Python: the same rules, values, periods (with the
Guy-Smith certificate) and errors as the command, and the values against
the definition (Berlekamp, Conway, Guy, Winning Ways, ch. 4)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import grundy

from naive import octal_values

CODES = ["0.07", "0.137", "0.77", "4.07", "0.16", "0.6", "grundy"]


@pytest.mark.parametrize("code", CODES)
def test_values_match_the_command(cli, code):
    expected = cli.json("values", code, "--to", "120")
    assert grundy.values(code, 120).tolist() == expected["values"]
    assert grundy.outcomes(code, 120, as_str=True) == expected["outcomes"]


@pytest.mark.parametrize("code", ["0.07", "0.137", "0.77", "4.07"])
def test_periods_match_the_command(cli, code):
    ours = grundy.period(code).to_dict()
    theirs = cli.json("period", code)
    ours.pop("seconds")
    theirs.pop("seconds")
    assert ours == theirs
    assert ours["guy_smith"]["checked_to"] >= 2 * ours["preperiod"] + ours["period"]


def test_heaps_and_sums_match_the_command(cli):
    ours = grundy.heap("0.07", 10**30).to_dict()
    assert ours == cli.json("heap", "0.07", str(10**30))
    ours = grundy.sum([("0.77", 12), ("1,2,3", 10), ("nim", 5)]).to_dict()
    assert ours == cli.json("sum", "0.77:12", "1,2,3:10", "nim:5")


def test_the_default_budget_is_the_commands():
    # Officers has no known period: the default stops at ten million
    # heaps, as `grundy period 0.6` does, not at the subtraction games'
    # ten billion positions (hours).
    assert grundy.DEFAULT_OCTAL_HEAPS == 10_000_000
    assert grundy.DEFAULT_MAX_SPLITS == 50_000_000_000
    with pytest.raises(grundy.BudgetExceeded) as e:
        grundy.period("0.6", max_positions=2000)
    assert "2000" in str(e.value) and "max_positions=" in str(e.value)


def test_a_stop_carries_the_survey(cli):
    # Officers to 30,000 heaps: the same survey as `grundy period --json`
    # prints at that stop (mask 1ee, 1583 rare heaps, the last at 20627:
    # Czajka's tables).
    with pytest.raises(grundy.BudgetExceeded) as e:
        grundy.period("0.6", max_positions=30000)
    done = cli.run("period", "0.6", "--max-positions", "30000", "--json", check=False)
    assert done.returncode == 1
    assert e.value.survey == json.loads(done.stdout)["survey"]
    assert (e.value.survey["mask"], e.value.survey["last_rare"]) == (0x1EE, 20627)
    # Subtraction games keep no survey.
    with pytest.raises(grundy.BudgetExceeded) as e:
        grundy.period("5000,10001,15001", engine="block", max_positions=10**5)
    assert e.value.survey is None


@pytest.mark.parametrize(
    "code,token",
    [("1.07", '"1"'), ("2.6", '"2"'), ("0.", '"0."'), ("0.7x", '"x"')],
)
def test_bad_codes_name_the_digit(cli, code, token):
    with pytest.raises(grundy.InvalidRules) as e:
        grundy.values(code, 10)
    assert token in str(e.value)
    done = cli.run("values", code, check=False)
    assert done.returncode == 2
    assert str(e.value) in done.stderr


codes = st.builds(
    lambda d0, rest: f"{d0}." + "".join(str(d) for d in rest),
    st.sampled_from([0, 4]),
    st.lists(st.integers(0, 7), min_size=1, max_size=3),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(code=codes, to=st.integers(0, 60))
def test_values_are_the_definition(code, to):
    assert grundy.values(code, to).tolist() == octal_values(code, to)
