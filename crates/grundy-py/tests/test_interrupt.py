"""Long calls release the GIL and honour Ctrl-C within a fraction of a
second (the budget's cancel flag, set when a signal handler raises)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import grundy

from slow_inputs import ODD, SQUARES

# Hours of work for the block engine: its period is about 10^12 positions.
ENDLESS = "500000,1000001,1500001"
# Minutes of work for the run-length engine too (ENDLESS takes it well
# under a second): no period within 3 * 10^7 run segments.
ENDLESS_RUNS = "3000000,6000001,9000001"
# How soon after Ctrl-C the call must have stopped.
PROMPT = 0.5
# A period found in milliseconds whose plot to ten million lists for
# minutes (a value of a wide set costs its width).
WIDE = grundy.period(ODD)


@pytest.fixture(autouse=True)
def _ctrl_c_raises():
    """Python raises KeyboardInterrupt on SIGINT only if SIGINT was not
    ignored when it started (a command started in the background by a
    shell without job control inherits it ignored): install the handler
    for these tests, so they never wait for a signal that cannot come."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _interrupt_after(seconds: float) -> dict:
    """Sends SIGINT to this process after ``seconds`` (from a timer thread,
    as a terminal's Ctrl-C would), and records when."""
    sent: dict = {}

    def fire() -> None:
        sent["at"] = time.monotonic()
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    sent["timer"] = timer
    return sent


CALLS = {
    "period block": lambda: grundy.period(ENDLESS, engine="block"),
    "period runs": lambda: grundy.period(ENDLESS_RUNS, engine="runs"),
    "values": lambda: grundy.values("5000,10001,15001", 4 * 10**8, dtype="uint8"),
    "outcomes": lambda: grundy.outcomes("5000,10001,15001", 4 * 10**8),
    "heap": lambda: grundy.heap(ENDLESS_RUNS, 10**40),
    # Heaps of two games: the exact search, not a quotient, answers.
    "misere sum": lambda: grundy.sum([("1,2,3,5,8,13", 5 * 10**6), ("2,3", 2)],
                                     misere=True, max_states=10**9),
    "sweep": lambda: grundy.sweep("a,2*a+1,3*a+1", a="100000..100100",
                                  jobs=1, max_positions=10**13),
    # Issue 37, section 6: calls whose work came in one piece the binding
    # did not look inside (66 s, 6.7 s and 5.9 s to stop): a value of an
    # octal game, a heap of Grundy's game, a listing of a wide set.
    "values octal": lambda: grundy.values("0.76", 10**6),
    "heap octal": lambda: grundy.heap("grundy", 4194304),
    "values wide": lambda: grundy.values(SQUARES, 5 * 10**6),
    "outcomes wide": lambda: grundy.outcomes(ODD, 5 * 10**7, as_str=True),
    # The plot of a report listed its values without a budget or Ctrl-C.
    "plot": lambda: WIDE.plot(to=10**7),
}


@pytest.mark.parametrize("name", list(CALLS))
def test_ctrl_c_stops_the_call(name):
    sent = _interrupt_after(0.3)
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            CALLS[name]()
    finally:
        # A call that failed early must not leave the signal to hit the
        # next test.
        sent["timer"].cancel()
    stopped = time.monotonic()
    sent["timer"].join()
    # The call was running when the signal came, and stopped soon after.
    assert sent["at"] - started >= 0.29
    assert stopped - sent["at"] < PROMPT, f"{name}: {stopped - sent['at']:.3f} s"


def test_the_next_call_runs_normally():
    sent = _interrupt_after(0.2)
    with pytest.raises(KeyboardInterrupt):
        grundy.period(ENDLESS, engine="block")
    sent["timer"].join()
    assert grundy.period("2,3,5").period == 7


def test_other_threads_run_while_period_computes():
    done = threading.Event()
    result: dict = {}

    def work() -> None:
        try:
            grundy.period(ENDLESS, engine="block", timeout=1.0)
        except grundy.BudgetExceeded as e:
            result["error"] = e
        finally:
            done.set()

    worker = threading.Thread(target=work)
    worker.start()
    ticks = []
    while not done.is_set():
        ticks.append(time.monotonic())
        sum(range(2000))  # Python work, which needs the GIL
    worker.join()
    assert result["error"].reason == "time"
    # The main thread made progress all along: no pause anywhere near the
    # second the search took (the GIL is taken back at most every 50 ms,
    # briefly, to look for signals).
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert len(ticks) > 1000
    assert max(gaps) < 0.25, max(gaps)


def test_threads_compute_side_by_side():
    # Two periods in two threads: each releases the GIL, so on two cores
    # they overlap (the total is well under the sum of the parts).
    def one() -> float:
        t = time.monotonic()
        with pytest.raises(grundy.BudgetExceeded):
            grundy.period(ENDLESS, engine="block", timeout=0.5)
        return time.monotonic() - t

    times: list = []
    threads = [threading.Thread(target=lambda: times.append(one())) for _ in range(2)]
    t = time.monotonic()
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    total = time.monotonic() - t
    assert len(times) == 2 and total < 0.9


# A script that makes one long call, as a user at a terminal would, after
# saying it started. Python raises KeyboardInterrupt on SIGINT only if
# SIGINT was not ignored when it started (see _ctrl_c_raises): install
# the handler first.
SCRIPT = """
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)
import grundy
print("started", flush=True)
{call}
print("finished", flush=True)
"""


@pytest.mark.parametrize("call", [
    'grundy.values("0.76", 10**6)',
    'grundy.heap("grundy", 4194304)',
])
def test_ctrl_c_stops_a_script(call):
    # Issue 37, section 6: Ctrl-C one second into the call ends the
    # interpreter with KeyboardInterrupt at once (it took 66 s).
    child = subprocess.Popen(
        [sys.executable, "-c", SCRIPT.format(call=call)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)
        assert child.poll() is None, "the call ended before the signal"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert "finished" not in out
    assert err.strip().splitlines()[-1] == "KeyboardInterrupt", err
    assert took < 1.0, f"{call}: {took:.2f} s after SIGINT"
