"""The progress bar of ``progress=True``: tqdm when it is installed, else
one line on standard error rewritten in place.

The compiled part calls ``start(desc, unit, total)`` once a call has run
for a twentieth of a second, then ``update_to(done)`` now and then and
``close()`` at the end, always holding the GIL.
"""

from __future__ import annotations

import sys
from typing import Optional


class _Line:
    """A progress line on standard error, for when tqdm is missing."""

    def __init__(self, desc: str, unit: str, total: Optional[int]) -> None:
        self.desc = desc
        self.unit = unit
        self.total = total

    def update_to(self, done: int) -> None:
        of = f" of {self.total}" if self.total is not None else ""
        sys.stderr.write(f"\r{self.desc}: {done}{of} {self.unit}")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
        sys.stderr.flush()


class _Tqdm:
    """A tqdm bar driven by absolute counts."""

    def __init__(self, tqdm, desc: str, unit: str, total: Optional[int]):
        self.bar = tqdm(desc=desc, unit=f" {unit}", total=total, unit_scale=True)
        self.shown = 0

    def update_to(self, done: int) -> None:
        if done > self.shown:
            self.bar.update(done - self.shown)
            self.shown = done

    def close(self) -> None:
        self.bar.close()


def start(desc: str, unit: str, total: Optional[int]):
    """A bar for ``desc``, counting ``unit`` up to ``total`` (if known)."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _Line(desc, unit, total)
    return _Tqdm(tqdm, desc, unit, total)
