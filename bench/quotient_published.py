#!/usr/bin/env python3
"""Time `grundy quotient` on a list of games, optionally beside a peer.

For each game (an octal code, or CODE:N for heaps 1..N only) this runs
`GRUNDY quotient GAME --json` once to read the order, the heaps solved
and the period, then ROUNDS interleaved timed runs of

  - `GRUNDY quotient GAME` (the certifying search, or `--heaps N`),
  - `GRUNDY quotient GAME --heaps N` with N the heaps the first run
    solved (the same work a heap-by-heap peer does to N), and
  - the peer, when --peer TEMPLATE is given: a command line in which
    {code} and {heaps} are replaced (for example another misère quotient
    program run to the same heap),

so that a change of load touches them alike. It prints one row per game
with the median wall time and the median CPU time (user + system of the
child, from wait4) of each command. Results to stdout as a Markdown
table. Nothing here is needed by CI.

    python3 bench/quotient_published.py target/release/grundy 3 \\
        0.75 0.77 0.3122:6
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import time


def timed(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run, output discarded."""
    quiet = [
        (os.POSIX_SPAWN_OPEN, fd, "/dev/null", os.O_WRONLY, 0) for fd in (1, 2)
    ]
    start = time.monotonic()
    pid = os.posix_spawnp(command[0], command, os.environ, file_actions=quiet)
    _, status, usage = os.wait4(pid, 0)
    wall = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(command)}")
    return wall, usage.ru_utime + usage.ru_stime


def cell(samples: list[tuple[float, float]]) -> str:
    wall = statistics.median(s[0] for s in samples)
    cpu = statistics.median(s[1] for s in samples)
    return f"{wall:.3f} / {cpu:.3f}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("grundy")
    p.add_argument("rounds", type=int)
    p.add_argument("games", nargs="+", help="CODE or CODE:N")
    p.add_argument("--peer", help="command template with {code} and {heaps}")
    a = p.parse_args()
    head = "| game | order | heaps | period | `quotient` s (wall / CPU) "
    head += "| `--heaps N` s |"
    if a.peer:
        head += " peer s |"
    print(head)
    print("|---" * (head.count("|") - 1) + "|")
    for game in a.games:
        code, _, n = game.partition(":")
        first = [a.grundy, "quotient", code] + (["--heaps", n] if n else [])
        out = subprocess.run(
            first + ["--json"], capture_output=True, text=True, check=True
        )
        report = json.loads(out.stdout)
        heaps = str(len(report["heap_map"]) - 1)
        fixed = [a.grundy, "quotient", code, "--heaps", heaps]
        commands = [first, fixed]
        if a.peer:
            commands.append(
                shlex.split(a.peer.format(code=code, heaps=heaps))
            )
        samples: list[list[tuple[float, float]]] = [[] for _ in commands]
        for _ in range(a.rounds):
            for i, command in enumerate(commands):
                samples[i].append(timed(command))
        period = report["periodic"]
        period = (
            f"({period['preperiod']}, {period['period']})" if period else "-"
        )
        row = f"| `{game}` | {report['order']} | {heaps} | {period} | "
        row += " | ".join(cell(s) for s in samples) + " |"
        print(row, flush=True)


if __name__ == "__main__":
    main()
