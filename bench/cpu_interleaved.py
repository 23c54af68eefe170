#!/usr/bin/env python3
"""CPU time of short commands, compared in the same run.

Runs each command in turn, ROUNDS times (so that a change of load touches
them alike), with stdout and stderr on /dev/null, and reports the mean and
median of user + system CPU time of each child, read from wait4. The first
command is the baseline. posix_spawn keeps the launcher's own work out of
the child's time.

    python3 bench/cpu_interleaved.py 1000 "target/release/grundy --version" \\
        "target/release/grundy period 2,3,5"
"""
import os
import statistics
import sys


def main() -> None:
    rounds = int(sys.argv[1])
    commands = [c.split() for c in sys.argv[2:]]
    times: list[list[float]] = [[] for _ in commands]
    quiet = [
        (os.POSIX_SPAWN_OPEN, fd, "/dev/null", os.O_WRONLY, 0) for fd in (1, 2)
    ]
    for _ in range(rounds):
        for i, command in enumerate(commands):
            pid = os.posix_spawn(command[0], command, os.environ, file_actions=quiet)
            _, _, usage = os.wait4(pid, 0)
            times[i].append((usage.ru_utime + usage.ru_stime) * 1000)
    base = statistics.mean(times[0])
    for command, t in zip(commands, times):
        mean = statistics.mean(t)
        print(
            f"{' '.join(command)[:60]:60s} mean {mean:.3f} ms"
            f"  median {statistics.median(t):.3f} ms  ({mean / base * 100 - 100:+.1f}%)"
        )


if __name__ == "__main__":
    main()
