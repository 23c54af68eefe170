"""``progress=True``: a tqdm bar when tqdm is installed, a line on
standard error otherwise; nothing at all unless asked."""

from __future__ import annotations

import sys
import types

import pytest

import grundy

SLOW = [
    # Slower than the bar's first visit (50 ms) on any machine: 0.4 s or
    # more (the sweep's 301 sets about 0.8 s since the small-set engine
    # got faster; its 31 sets took 50 ms and made the test flaky).
    ("period", lambda p: grundy.period("3,6,9000000", engine="block", progress=p)),
    ("values", lambda p: grundy.values("5000,10001,15001", 10**8, dtype="uint8", progress=p)),
    ("sweep", lambda p: grundy.sweep("a,2*a+1,3*a+1", a="300..600", jobs=1, progress=p)),
]


class FakeTqdm:
    """Records what a tqdm bar is told."""

    made: list = []

    def __init__(self, desc=None, unit=None, total=None, unit_scale=None):
        self.desc, self.unit, self.total = desc, unit, total
        self.n = 0
        self.closed = False
        FakeTqdm.made.append(self)

    def update(self, k):
        self.n += k

    def close(self):
        self.closed = True


@pytest.fixture
def fake_tqdm(monkeypatch):
    FakeTqdm.made = []
    auto = types.ModuleType("tqdm.auto")
    auto.tqdm = FakeTqdm
    pkg = types.ModuleType("tqdm")
    pkg.auto = auto
    monkeypatch.setitem(sys.modules, "tqdm", pkg)
    monkeypatch.setitem(sys.modules, "tqdm.auto", auto)
    return FakeTqdm


@pytest.mark.parametrize("name,call", SLOW)
def test_tqdm_bar(fake_tqdm, name, call):
    call(True)
    assert len(fake_tqdm.made) == 1, name
    bar = fake_tqdm.made[0]
    assert bar.desc == name and bar.closed and bar.n > 0
    if name == "values":
        assert bar.total == 10**8 + 1 and bar.n == bar.total
    if name == "sweep":
        assert bar.total == 301 and bar.n == 301


@pytest.mark.parametrize("name,call", SLOW)
def test_silent_unless_asked(fake_tqdm, capfd, name, call):
    call(False)
    out, err = capfd.readouterr()
    assert (out, err) == ("", "") and fake_tqdm.made == []


def test_line_without_tqdm(monkeypatch, capfd):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    grundy.values("5000,10001,15001", 10**8, dtype="uint8", progress=True)
    out, err = capfd.readouterr()
    assert out == ""
    assert err.startswith("\rvalues: ") and err.endswith("100000001 of 100000001 positions\n")


def test_short_calls_show_nothing(fake_tqdm):
    grundy.period("2,3,5", progress=True)
    assert fake_tqdm.made == []
