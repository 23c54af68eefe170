"""Bad input: one exception of a small hierarchy, one line naming the bad
token and the fix, the command's words with Python's argument names."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import grundy

# (rules, the exact message); the string ones are the command's messages.
BAD_RULES = [
    ("", 'empty subtraction set; write at least one move size, e.g. "1,2,3"'),
    ("0,1", 'subtraction set contains "0"; a move must take at least one stone, so remove the 0'),
    ("1,x", None),
    ("3-1", None),
    ("1..", None),
    ("all-but 2", None),
    ("20000000", 'element "20000000" is too large for the engine; elements must be at most 10000000'),
    ({0, 1}, 'subtraction set contains "0"; a move must take at least one stone, so remove the 0'),
    ([], 'empty subtraction set; write at least one move size, e.g. "1,2,3"'),
    ([1, "2"], "rules element '2' is a str, not an int; write move sizes as ints, e.g. {1, 2, 3}"),
    ([1, 2.0], "rules element 2.0 is a float, not an int; write move sizes as ints, e.g. {1, 2, 3}"),
    ({True}, "rules element True is a bool, not an int; write move sizes as ints, e.g. {1, 2, 3}"),
    ([-1, 2], "rules element -1 is negative; a move takes at least one stone"),
    ([10**30], 'element "1000000000000000000000000000000" is too large for the engine; elements must be at most 10000000'),
    (5, 'rules 5 is a number, not a set; write the set, e.g. {5} or "5"'),
    (3.5, 'rules 3.5 (float) is not a set; write a string such as "1,2,3" or an iterable of ints such as {1, 2, 3}'),
    (None, 'rules None (NoneType) is not a set; write a string such as "1,2,3" or an iterable of ints such as {1, 2, 3}'),
]


@pytest.mark.parametrize("rules,message", BAD_RULES)
def test_bad_rules(cli, rules, message):
    for call in (lambda: grundy.values(rules, 5), lambda: grundy.period(rules),
                 lambda: grundy.heap(rules, 5), lambda: grundy.sum([(rules, 5)])):
        with pytest.raises(grundy.InvalidRules) as e:
            call()
        text = str(e.value)
        assert "\n" not in text and not text.endswith(".")
        if message is not None:
            assert text == message
    assert isinstance(e.value, ValueError) and isinstance(e.value, grundy.Error)
    if isinstance(rules, str):
        # The command's message, word for word.
        said = cli.run("period", rules, check=False)
        assert said.returncode == 2
        assert said.stderr.strip() == f"grundy: {text}"


def test_hierarchy():
    assert issubclass(grundy.InvalidRules, grundy.Error)
    assert issubclass(grundy.InvalidRules, ValueError)
    assert issubclass(grundy.BudgetExceeded, grundy.Error)
    assert not issubclass(grundy.BudgetExceeded, ValueError)
    assert issubclass(grundy.Error, Exception)


def test_position_budget(cli):
    with pytest.raises(grundy.BudgetExceeded) as e:
        grundy.period("5000,10001,15001", engine="block", max_positions=10**6)
    assert str(e.value) == ('no period found within 1000000 positions for '
                            '"5000,10001,15001"; raise max_positions=')
    assert (e.value.reason, e.value.limit, e.value.unit) == ("positions", 10**6, "positions")
    assert e.value.done > 10**6
    said = cli.run("period", "5000,10001,15001", "--engine", "block",
                   "--max-positions", "1000000", check=False)
    assert said.returncode == 1
    # The same words, with the command's flag in place of the argument.
    assert said.stderr.strip() == "grundy: " + str(e.value).replace("max_positions=", "--max-positions")


def test_segment_budget():
    with pytest.raises(grundy.BudgetExceeded) as e:
        grundy.period("5000,10001,15001", engine="runs", max_positions=1000)
    assert e.value.unit == "run segments" and "raise max_positions=" in str(e.value)


def test_time_budget():
    with pytest.raises(grundy.BudgetExceeded) as e:
        grundy.period("500000,1000001,1500001", engine="block", timeout=0.05)
    assert e.value.reason == "time"
    assert str(e.value).startswith('no period found for "500000,1000001,1500001" before the time limit (')
    assert str(e.value).endswith("positions examined); raise timeout=")


def test_state_budget():
    with pytest.raises(grundy.BudgetExceeded) as e:
        # Heaps of two games: no one quotient answers, the exact search does.
        grundy.sum([("1,2,3", 100000), ("2,3", 100000)], misere=True, max_states=1000)
    assert str(e.value) == ("this misère sum has more than 1000 positions to search exactly; "
                            "use smaller heaps or raise max_states=")
    assert e.value.reason == "states"
    # A misère game of two games past the exact budget: no theory answers
    # it (issue 36 §2), so the exact search's error stays; under normal
    # play the Grundy values answer.
    with pytest.raises(grundy.BudgetExceeded, match="raise max_states="):
        grundy.best_move([("1,2", 3000), ("2,3", 3000)], misere=True, max_states=1000)
    # g(3001) = 3001 mod 3 = 1 for {1,2}, g(1) = 0 for {2,3}: a win.
    m = grundy.best_move([("1,2", 3001), ("2,3", 3001)], max_states=1000)
    assert m in grundy.sum([("1,2", 3001), ("2,3", 3001)]).winning_moves


def test_too_large_values():
    # A value past 2^64 - 1: the library's TooLarge, a grundy.Error.
    with pytest.raises(grundy.Error, match="is above 2\\^64 - 1"):
        grundy.heap("nim", 2**70)


BAD_ARGUMENTS = [
    (lambda: grundy.period("1,2", engine="fast"), ValueError,
     'unknown engine "fast"; use auto, block or runs'),
    (lambda: grundy.period("1,2", timeout=0), ValueError, "timeout=0 must be a positive number of seconds"),
    (lambda: grundy.period("1,2", timeout=-1), ValueError, "timeout=-1 must be a positive number of seconds"),
    (lambda: grundy.values("1,2", -1), ValueError,
     "to=-1 is negative; write the last heap size to list, e.g. to=31"),
    (lambda: grundy.outcomes("1,2", -5), ValueError,
     "to=-5 is negative; write the last heap size to list, e.g. to=31"),
    (lambda: grundy.heap("1,2", -3), ValueError,
     'heap size "-3" is not a number of stones; heap sizes cannot be negative'),
    (lambda: grundy.heap("1,2", 2.5), TypeError,
     "heap size 2.5 is a float, not an int; write the number of stones as an int"),
    (lambda: grundy.heap("1,2", True), TypeError,
     "heap size True is a bool; write the number of stones as an int"),
    (lambda: grundy.sum([]), ValueError,
     'no heaps given; write heaps as (rules, size) pairs, e.g. [("1,2,3", 10), ("nim", 5)]'),
    (lambda: grundy.sum("1,2,3:10"), TypeError,
     'heaps must be a list of heaps, e.g. [("1,2,3", 10), "nim:5"], not one string'),
    (lambda: grundy.sum(["1,2,3"]), ValueError,
     'heap "1,2,3" has no size; write SET:SIZE, e.g. "1,2,3:10" or "nim:5"'),
    (lambda: grundy.sum(["1,2,3:x"]), ValueError,
     'heap size "x" is not a number of stones; write a non-negative integer such as 31'),
    (lambda: grundy.sum([("1,2,3", 10, 4)]), TypeError,
     "heap ('1,2,3', 10, 4) is not a (rules, size) pair; write e.g. (\"1,2,3\", 10), ({1, 2, 3}, 10) or \"1,2,3:10\""),
    (lambda: grundy.best_move([("1,2,3", 2**70)]), ValueError,
     "heap size 1180591620717411303424 is too large to solve exactly; best_move solves every position, so use grundy.sum for huge heaps"),
    (lambda: grundy.period("2,3").plot(to=10**8), ValueError,
     'heap "100000000" is too large to plot; a plot ends at heap 10000000 at most'),
]


@pytest.mark.parametrize("call,kind,message", BAD_ARGUMENTS)
def test_bad_arguments(call, kind, message):
    with pytest.raises(kind) as e:
        call()
    if message is not None:
        assert str(e.value) == message
    assert "--" not in str(e.value)  # no command-line flags in Python's words


def test_messages_name_no_flags():
    # Every budget hint names the Python argument, never a command flag.
    calls = [
        lambda: grundy.period("5000,10001,15001", engine="block", max_positions=10**5),
        lambda: grundy.period("500000,1000001,1500001", timeout=0.01, engine="block"),
        lambda: grundy.sum([("1,2,3", 100000), ("2,3", 100000)], misere=True, max_states=100),
        lambda: grundy.heap("5000,10001,15001", 10**30, max_positions=1000),
    ]
    for call in calls:
        with pytest.raises(grundy.BudgetExceeded) as e:
            call()
        assert "--" not in str(e.value) and "raise " in str(e.value)


# Issue 37, section 6: iterables of rules are read only as far as a set
# can reach (an element above MAX_ELEMENT, or more elements than any set
# has), so an endless one is refused instead of filling memory.


def test_endless_rules_are_refused():
    cases = [
        # The first element above MAX_ELEMENT stops the reading at once.
        (itertools.chain([1, 2, grundy.MAX_ELEMENT + 1], itertools.count(1)),
         'element "10000001" is too large for the engine; elements must be at most 10000000'),
        (itertools.count(1),
         'element "10000001" is too large for the engine; elements must be at most 10000000'),
        (itertools.repeat(1),
         "rules repeat(1) has more than 10000000 elements, more than any set of move sizes "
         "up to 10000000; give a finite set such as {1, 2, 3}"),
        (np.array([3, 2 * 10**7]),
         'element "20000000" is too large for the engine; elements must be at most 10000000'),
    ]
    for rules, message in cases:
        with pytest.raises(grundy.InvalidRules) as e:
            grundy.values(rules, 5)
        assert str(e.value) == message


# Issue 37, section 6: timeout= as the command's --timeout: any positive,
# finite number of seconds; one too large for the clock is no limit.


def test_huge_timeouts_mean_no_limit():
    for t in (1e30, 1e300, 10**9, 1e9):
        assert grundy.period("2,3,5", timeout=t).period == 7
        assert grundy.heap("1,2,3", 31, timeout=t).grundy == 3
        assert grundy.sum([("1,2,3", 5)], misere=True, timeout=t).outcome == "P"
        assert grundy.values("1,2,3", 3, timeout=t).tolist() == [0, 1, 2, 3]
        assert grundy.outcomes("1,2,3", 4, timeout=t, as_str=True) == "PNNNP"
    assert len(grundy.sweep("a,2*a+1", a="1..3", timeout=1e30)) == 3


@pytest.mark.parametrize("timeout,message", [
    (0, "timeout=0 must be a positive number of seconds"),
    (-1.5, "timeout=-1.5 must be a positive number of seconds"),
    (float("nan"), "timeout=nan must be a positive number of seconds"),
    (float("inf"), "timeout=inf must be a finite number of seconds; use timeout=None for no time limit"),
])
def test_bad_timeouts(timeout, message):
    calls = [lambda: grundy.period("1,2", timeout=timeout),
             lambda: grundy.heap("1,2", 5, timeout=timeout),
             lambda: grundy.sum([("1,2", 5)], timeout=timeout),
             lambda: grundy.values("1,2", 5, timeout=timeout),
             lambda: grundy.outcomes("1,2", 5, timeout=timeout),
             lambda: grundy.sweep("a,2*a+1", a="1..3", timeout=timeout)]
    for call in calls:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == message
