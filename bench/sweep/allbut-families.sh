#!/usr/bin/env bash
# The range K. Suetsugu and T. Abuku verified in "All-but Nim with FES sets
# of size 4" (Conjectures 1 and 3: 1 <= a <= 30, 30 values of b) for both
# families, one after the other (the sweep benchmark of BENCHMARKS.md).
# G: the grundy binary.
set -euo pipefail
G=${G:-target/release/grundy}
"$G" sweep 'all-but:a,b,a+b,a+2*b' --param a=1..30 --param 'b=a+1..a+30' -o /tmp/f1.csv
"$G" sweep 'all-but:a,b,a+b,2*a+b' --param a=1..30 --param 'b=2*a+1..2*a+30' -o /tmp/f2.csv
