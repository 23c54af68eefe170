# Types of the compiled module `grundy._grundy` (crates/grundy-py/src).
# `grundy` re-exports everything public here; see its docstrings.

from typing import Any, Dict, Iterable, List, Literal, Optional, Tuple, Union, final

import numpy as np
import numpy.typing as npt

from ._types import Certificate, HeapValue, PatternCycle, Periodicity, Reduction

#: A set as the command writes it ("1,2,3", "1-3,7", "nim",
#: "all-but:2,3,6,8") or an iterable of ints ({1, 2, 3}, range(1, 4)).
Rules = Union[str, Iterable[int]]
#: A heap of a sum: (rules, size) or "SET:SIZE".
HeapSpec = Union[Tuple[Rules, int], str]
#: An integer NumPy dtype, by name or object.
IntDType = Union[str, type, np.dtype[Any]]

__version__: str
DEFAULT_MAX_POSITIONS: int
DEFAULT_MAX_SPLITS: int
DEFAULT_MAX_STATES: int
DEFAULT_QUOTIENT_POSITIONS: int
DEFAULT_OCTAL_HEAPS: int
DEFAULT_SWEEP_POSITIONS: int
MAX_ELEMENT: int

def values(
    rules: Rules,
    to: int,
    misere: bool = False,
    *,
    dtype: Optional[IntDType] = None,
    max_positions: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: bool = False,
) -> npt.NDArray[np.integer[Any]]: ...
def outcomes(
    rules: Rules,
    to: int,
    misere: bool = False,
    *,
    as_str: bool = False,
    max_positions: Optional[int] = None,
    max_states: int = ...,
    timeout: Optional[float] = None,
    progress: bool = False,
) -> Union[npt.NDArray[np.bool_], str]: ...
def period(
    rules: Rules,
    misere: bool = False,
    engine: Literal["auto", "block", "runs"] = "auto",
    *,
    max_positions: Optional[int] = None,
    timeout: Optional[float] = None,
    progress: bool = False,
) -> PeriodReport: ...
def heap(
    rules: Rules,
    n: int,
    *,
    misere: bool = False,
    max_positions: Optional[int] = None,
    max_states: int = ...,
    timeout: Optional[float] = None,
    progress: bool = False,
) -> HeapReport: ...
def sum(
    heaps: Iterable[HeapSpec],
    misere: bool = False,
    *,
    max_positions: Optional[int] = None,
    max_states: int = ...,
    timeout: Optional[float] = None,
    progress: bool = False,
) -> SumReport: ...
def best_move(
    heaps: Iterable[HeapSpec],
    misere: bool = False,
    *,
    seed: int = 0,
    max_positions: Optional[int] = None,
    max_states: int = ...,
    timeout: Optional[float] = None,
    progress: bool = False,
) -> Optional[Move]: ...
def sweep_columns(
    template: Optional[str],
    params: List[str],
    subsets: Optional[int],
    max: Optional[int],
    max_positions: int,
    timeout: Optional[float],
    jobs: int,
    progress: bool,
) -> Dict[str, List[Any]]: ...
def fit_report(
    template: str,
    params: List[str],
    key: str,
    degree: int,
    validate: List[str],
    max_positions: int,
    timeout: Optional[float],
    jobs: int,
    progress: bool,
) -> str: ...
def laws_records(
    spaces: List[str],
    coefficients: str,
    shifts: str,
    fit: str,
    validate: str,
    keys: List[str],
    degree: int,
    max_positions: int,
    timeout: Optional[float],
    jobs: int,
    progress: bool,
) -> List[str]: ...
@final
class PeriodReport:
    @property
    def set(self) -> str: ...
    @property
    def play(self) -> Literal["normal", "misere"]: ...
    @property
    def engine(self) -> str: ...
    @property
    def preperiod(self) -> int: ...
    @property
    def period(self) -> int: ...
    @property
    def saltus(self) -> int: ...
    @property
    def outcome(self) -> Periodicity: ...
    @property
    def max_value(self) -> Optional[int]: ...
    @property
    def certificate(self) -> Certificate: ...
    @property
    def certificate_text(self) -> str: ...
    @property
    def reduced(self) -> Optional[Reduction]: ...
    @property
    def pattern_cycle(self) -> Optional[PatternCycle]: ...
    @property
    def positions(self) -> int: ...
    @property
    def segments(self) -> Optional[int]: ...
    @property
    def seconds(self) -> float: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def plot(
        self,
        to: Optional[int] = None,
        width: int = 1000,
        height: int = 480,
        *,
        max_positions: Optional[int] = None,
        timeout: Optional[float] = None,
    ) -> str: ...
    def _repr_html_(self) -> str: ...
    def _repr_svg_(self) -> Optional[str]: ...

def quotient(
    game: Rules,
    heaps: Optional[int] = None,
    *,
    max_positions: Optional[int] = None,
    max_states: int = ...,
    timeout: Optional[float] = None,
    progress: bool = False,
) -> QuotientReport: ...

@final
class QuotientReport:
    @property
    def game(self) -> str: ...
    @property
    def heaps(self) -> Optional[int]: ...
    @property
    def order(self) -> int: ...
    @property
    def presentation(self) -> str: ...
    @property
    def generators(self) -> Tuple[str, ...]: ...
    @property
    def relations(self) -> Tuple[str, ...]: ...
    @property
    def p_portion(self) -> Tuple[str, ...]: ...
    @property
    def heap_map(self) -> Tuple[str, ...]: ...
    @property
    def elements(self) -> Tuple[str, ...]: ...
    @property
    def tame(self) -> bool: ...
    @property
    def periodic(self) -> Optional[Tuple[int, int]]: ...
    @property
    def certificate(self) -> str: ...
    def multiply(self, x: str, y: str) -> str: ...
    def outcome(self, heaps: Union[List[int], Tuple[int, ...]]) -> Literal["P", "N"]: ...
    def heap_element(self, n: int) -> str: ...
    def table(self) -> Tuple[Tuple[str, ...], ...]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def _repr_html_(self) -> str: ...

@final
class HeapReport:
    @property
    def set(self) -> str: ...
    @property
    def heap(self) -> int: ...
    @property
    def grundy(self) -> int: ...
    @property
    def outcome(self) -> Literal["P", "N"]: ...
    @property
    def misere_outcome(self) -> Optional[Literal["P", "N"]]: ...
    @property
    def winning_moves(self) -> Tuple[int, ...]: ...
    @property
    def misere_winning_moves(self) -> Tuple[int, ...]: ...
    @property
    def winning_moves_text(self) -> Tuple[str, ...]: ...
    @property
    def misere_winning_moves_text(self) -> Tuple[str, ...]: ...
    @property
    def moves_complete(self) -> bool: ...
    @property
    def moves_exact(self) -> bool: ...
    @property
    def winning_families(self) -> Tuple[Dict[str, Any], ...]: ...
    @property
    def moves_note(self) -> Optional[str]: ...
    @property
    def split_period(self) -> Optional[int]: ...
    @property
    def misere_note(self) -> Optional[str]: ...
    @property
    def misere_method(self) -> Optional[Literal["quotient", "sequence", "search"]]: ...
    @property
    def misere_method_note(self) -> Optional[str]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def _repr_html_(self) -> str: ...

@final
class SumReport:
    @property
    def play(self) -> Literal["normal", "misere"]: ...
    @property
    def heaps(self) -> Tuple[HeapValue, ...]: ...
    @property
    def nim_sum(self) -> int: ...
    @property
    def outcome(self) -> Literal["P", "N"]: ...
    @property
    def winning_moves(self) -> Tuple[Move, ...]: ...
    @property
    def method(self) -> Optional[Literal["bouton", "quotient", "search"]]: ...
    @property
    def method_note(self) -> Optional[str]: ...
    @property
    def moves_complete(self) -> bool: ...
    @property
    def moves_exact(self) -> bool: ...
    @property
    def winning_families(self) -> Tuple[Dict[str, Any], ...]: ...
    @property
    def moves_note(self) -> Optional[str]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def _repr_html_(self) -> str: ...

@final
class Move:
    @property
    def heap(self) -> int: ...
    @property
    def take(self) -> int: ...
    @property
    def leaves(self) -> Tuple[int, ...]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
