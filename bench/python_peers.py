"""The Python side of the Python package's benchmark (BENCHMARKS.md,
"Python package"), to run right after `bench/src/bin/python_peers.rs`:

    python bench/python_peers.py [GRUNDY_BIN]

with `grundy` installed (`pip install ./crates/grundy-py`) and the
command built (`cargo build --release -p grundy-cli`). Prints `name
seconds` lines: one `grundy.period("2,3,5")` call (mean of 20,000, best
of five); `grundy.values("5000,10001,15001", 10**8)` (best of three);
the same values by the obvious pure-Python loop (a mex over a set per
position, as the `cgt`-style programs do) to 10**6, and by the command
(`grundy values ... --json`, the output parsed with `json.loads`) and by
`grundy.values` to 10**7.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
import timeit

import grundy

RULES = "5000,10001,15001"
MOVES = (5000, 10001, 15001)


def best(rounds, f):
    out = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        f()
        out = min(out, time.perf_counter() - t)
    return out


def naive(to):
    """g(0..=to) the obvious way: a set of the options' values and a mex
    per position."""
    g = []
    for n in range(to + 1):
        seen = {g[n - s] for s in MOVES if s <= n}
        m = 0
        while m in seen:
            m += 1
        g.append(m)
    return g


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/grundy"
    calls = 20_000
    per_call = min(timeit.repeat(lambda: grundy.period("2,3,5"), number=calls, repeat=5)) / calls
    print(f"period_2_3_5_call {per_call:.9f}")
    print(f"values_1e8 {best(3, lambda: grundy.values(RULES, 10**8)):.6f}")
    print(f"pure_python_1e6 {best(1, lambda: naive(10**6)):.6f}")

    def cli():
        out = subprocess.run(
            [binary, "values", RULES, "--to", str(10**7), "--json"],
            check=True, capture_output=True,
        ).stdout
        return json.loads(out)["values"]

    print(f"cli_json_1e7 {best(3, cli):.6f}")
    print(f"values_1e7 {best(3, lambda: grundy.values(RULES, 10**7)):.6f}")
    assert cli() == grundy.values(RULES, 10**7).tolist()
    assert naive(10**5) == grundy.values(RULES, 10**5).tolist()


if __name__ == "__main__":
    main()
