"""``grundy.fit``: the object ``grundy fit --json`` prints, for the same
family, key, degree and validation ranges."""

from __future__ import annotations

import json

import pytest

import grundy

FITS = [
    # {a, 2a + 1}: period 3a + 1 but for a = 1.
    (("a,2*a+1",), {"a": "1..24"}, {}, ["a,2*a+1", "--param", "a=1..24"]),
    # The family of Suetsugu and Abuku's Lemma 7 (All-but Nim with FES
    # sets of size 4): pieces by the ratio of b to a.
    (("all-but:a,b,a+b,2*a+b",), {"a": "1..6", "b": "2*a+1..2*a+12"}, {},
     ["all-but:a,b,a+b,2*a+b", "--param", "a=1..6", "--param", "b=2*a+1..2*a+12"]),
    # Another key and degree, and a validation range.
    (("a,2*a+1",), {"a": "1..30"}, {"key": "preperiod", "degree": 1},
     ["a,2*a+1", "--param", "a=1..30", "--for", "preperiod", "--degree", "1"]),
    (("a,2*a+1",), {"a": "1..24"}, {"validate": {"a": "25..40"}},
     ["a,2*a+1", "--param", "a=1..24", "--validate", "a=25..40"]),
    # No simple law: every row is an exception (the command exits 1).
    (("a,b",), {"a": "1..6", "b": "a+1..a+6"}, {"key": "period"},
     ["a,b", "--param", "a=1..6", "--param", "b=a+1..a+6"]),
]


@pytest.mark.parametrize("args,params,options,flags", FITS)
def test_reports_match_the_command(cli, args, params, options, flags):
    if "--for" not in flags:
        flags = [*flags, "--for", options.get("key", "period")]
    done = cli.run("fit", *flags, "--json", check=False)
    assert done.returncode in (0, 1), done.stderr
    assert grundy.fit(*args, **options, **params) == json.loads(done.stdout)


def test_bad_arguments_are_one_line():
    cases = [
        ({"key": "perod"}, 'unknown key "perod"'),
        ({"degree": 9}, "degree 9 is too high"),
        ({"degree": True}, "degree=True"),
        ({"validate": {"b": "3..4"}}, 'validate names "b"'),
        ({"validate": {"a": "1..5"}}, "adds no rows"),
    ]
    for options, words in cases:
        with pytest.raises(ValueError) as e:
            grundy.fit("a,2*a+1", a="1..24", **options)
        assert words in str(e.value)
        assert "\n" not in str(e.value)
    # Issue 37: the library's one message, as for grundy.sweep.
    with pytest.raises(grundy.InvalidRules, match='the family "1,2" has no parameters') as e:
        grundy.fit("1,2")
    assert "\n" not in str(e.value)


def test_validate_must_be_a_dict():
    # Issue 37, section 6: validate=5 raised a raw AttributeError.
    for validate, shown in ((5, "5 is a int"), ("a=25..40", "'a=25..40' is a str"),
                            ([("a", "25..40")], "[('a', '25..40')] is a list")):
        with pytest.raises(TypeError) as e:
            grundy.fit("a,2*a+1", a="1..24", validate=validate)
        assert str(e.value) == (
            f"validate={shown}, not a dict; give the ranges to check by parameter, "
            'e.g. validate={"a": "31..60"}')
