"""Heaps of 0.6 below 10^6 for `grundy sum` (BENCHMARKS.md, "Octal heaps
and sums at normal-play cost"): `python3 bench/octal_heap_lists.py 1000`
prints 1000 of them, `0.6:N` each (fixed seed: the list of 100 is the
start of the list of 1000)."""

import random
import sys

count = int(sys.argv[1])
rng = random.Random(34)
print(" ".join(f"0.6:{rng.randrange(1, 10**6)}" for _ in range(count)))
