"""Sets that are cheap to write and costly to evaluate, for budget and
Ctrl-C tests.

Intervals such as ``1-100000`` no longer serve: the sliding-window engine
evaluates them in O(1) a position. Sets with no two consecutive elements
make every engine read every move of every position.
"""

# 2,000 squares: a value costs 2,000 reads, and the period is far beyond
# reach.
SQUARES = ",".join(str(k * k) for k in range(1, 2001))

# The odd numbers below 6,000: period 2 (g(n) = n mod 2), found in
# milliseconds, while listing values still costs 3,000 reads each.
ODD = ",".join(str(k) for k in range(1, 6000, 2))
