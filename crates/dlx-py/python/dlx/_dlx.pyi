"""The native module of ``dlx`` (types of what it defines)."""

from collections.abc import Iterable, Iterator, Sequence
from typing import Literal

__version__: str

class Error(ValueError):
    """Bad input to dlx: ``line`` and ``column`` (from 1) say where, when the input is a text."""

    line: int | None
    column: int | None

class ParseError(Error):
    """A problem in Knuth's format that cannot be read."""

class ProblemError(Error):
    """Items and options that do not make a problem."""

class PuzzleError(Error):
    """A Sudoku that cannot be read or answered."""

class UnitError(Error):
    """A work unit (or result) that is not JSON of dlx, or not of this problem."""

class Step:
    """One step of a logical solution."""

    technique: str
    placements: list[tuple[int, int]]
    eliminations: list[tuple[int, int]]
    text: str
    difficulty: float
    marks: str | None

class Rating:
    """A puzzle's difficulty on Sudoku Explainer's scale."""

    er: float
    ep: float
    ed: float
    hardest: str
    steps: int

class Stats:
    """The statistics of a run."""

    solutions: int
    nodes: int
    updates: int
    seconds: float
    engine: str
    threads: int
    complete: bool
    def as_dict(self) -> dict[str, int | float | str | bool]: ...

class Figure:
    """A figure as many probes estimate it."""

    mean: float
    std_error: float
    min: float
    median: float
    max: float

class Estimate:
    """Knuth's random-probe estimate of a search tree."""

    nodes: Figure
    solutions: Figure
    probes: int
    seed: int
    depth: int
    engine: str

class Solutions(Iterator[list[int]]):
    """The solutions of a problem, one list of option numbers at a time."""

    def __iter__(self) -> Solutions: ...
    def __next__(self) -> list[int]: ...

PrimaryItem = str | tuple[str, int] | tuple[str, int, int]
EngineName = Literal["auto", "dlx", "cells", "sat"]

class Problem:
    """An exact-cover problem: primary items, secondary items, and options."""

    def __init__(
        self,
        primary: Sequence[PrimaryItem],
        options: Sequence[Sequence[str]],
        secondary: Sequence[str] = (),
        costs: Sequence[int] | None = None,
    ) -> None: ...
    @staticmethod
    def from_knuth(text: str) -> Problem: ...
    def to_knuth(self) -> str: ...
    @property
    def primary(self) -> list[str]: ...
    @property
    def secondary(self) -> list[str]: ...
    @property
    def multiplicities(self) -> dict[str, tuple[int, int]]: ...
    @property
    def options(self) -> list[list[str]]: ...
    @property
    def hash(self) -> str: ...
    @property
    def costs(self) -> list[int]: ...
    def best(self, k: int = 1, timeout: float | None = None) -> list[tuple[int, list[int]]]: ...
    def option(self, index: int) -> list[str]: ...
    def __len__(self) -> int: ...
    def solutions(
        self, limit: int | None = None, engine: EngineName | None = None
    ) -> Solutions: ...
    def count(
        self,
        threads: int | None = None,
        engine: EngineName | None = None,
        timeout: float | None = None,
    ) -> int: ...
    def estimate(
        self, probes: int = 1000, seed: int = 1, engine: EngineName | None = None
    ) -> Estimate: ...
    def zdd_count(self, max_memory: int = 2147483648) -> int: ...
    def sample(self, n: int, seed: int = 1, max_memory: int = 2147483648) -> list[list[int]]: ...
    def stats(self) -> Stats | None: ...

def problem_from_knuth(text: str) -> Problem: ...
def split(problem: Problem, units: int = 64, engine: EngineName | None = None) -> list[str]: ...
def run_unit(problem: Problem, unit: str, budget: int | None = None) -> str: ...
def merge(results: list[str]) -> tuple[str, list[str]]: ...
def sudoku_solve(text: str, shape: str | None = None) -> str | None: ...
def sudoku_check(text: str, shape: str | None = None) -> Literal["unique", "multiple", "none"]: ...
def sudoku_count(text: str, limit: int | None = None, shape: str | None = None) -> int: ...
def sudoku_candidates(text: str, limit: int = 1) -> list[list[tuple[int, int]]]: ...
def sudoku_solve_many(puzzles: Iterable[str], threads: int | None = None) -> list[str]: ...
def sudoku_rate(text: str, timeout: float | None = None) -> Rating: ...
def sudoku_hint(text: str) -> Step | None: ...
def sudoku_explain(text: str, marks: bool = False) -> list[Step]: ...

# The options of ``dlx.sudoku.generate``, typed there.
def sudoku_generate(count: int = 1, **options: object) -> list[str]: ...
