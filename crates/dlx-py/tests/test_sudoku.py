"""Sudoku: one puzzle at a time and many at once, in the layout they came in."""

from __future__ import annotations

import doctest
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import dlx
from dlx import sudoku

from conftest import DATA, ROOT

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def lines(name: str) -> list[str]:
    return [line for line in (DATA / name).read_text().splitlines() if not line.startswith("#")]


def test_one_puzzle() -> None:
    assert sudoku.solve(PUZZLE) == SOLUTION
    assert sudoku.check(PUZZLE) == "unique"
    assert sudoku.count(PUZZLE) == 1
    empty = "." * 81
    assert sudoku.check(empty) == "multiple"
    assert sudoku.count(empty, limit=7) == 7
    assert sudoku.count("." * 16) == 288
    clash = "11" + PUZZLE[2:]
    assert sudoku.solve(clash) is None
    assert sudoku.check(clash) == "none"
    assert sudoku.count(clash) == 0


def test_a_block_comes_back_a_block() -> None:
    block = "\n".join(PUZZLE[r * 9 : r * 9 + 9] for r in range(9)) + "\n"
    solved = sudoku.solve(block)
    assert solved == "\n".join(SOLUTION[r * 9 : r * 9 + 9] for r in range(9))


def test_a_hard_puzzle_past_the_quick_guesses() -> None:
    # 4x4 boxes, all empty: many guesses before the first solution would be a bad sign, but
    # counting to a limit takes the slow path.
    assert sudoku.count("." * 256, limit=20000) == 20000


def test_bad_puzzles_say_where() -> None:
    with pytest.raises(dlx.PuzzleError) as error:
        sudoku.solve("#\n123456789x........\n")
    assert isinstance(error.value, ValueError)
    assert (error.value.line, error.value.column) == (2, 17)
    with pytest.raises(dlx.PuzzleError, match="no puzzle"):
        sudoku.check("")
    with pytest.raises(dlx.PuzzleError, match="second puzzle") as error:
        sudoku.solve(PUZZLE + "\n\n" + PUZZLE)
    assert error.value.line == 3


def test_many_puzzles_in_order_on_any_number_of_threads() -> None:
    puzzles = lines("17_clue.txt")
    solutions = lines("17_clue.solutions")
    assert len(puzzles) == len(solutions) == 200
    for threads in (None, 1, 2, 3):
        assert sudoku.solve_many(puzzles, threads=threads) == solutions
    assert sudoku.solve_many(iter(puzzles[:3])) == solutions[:3]
    assert sudoku.solve_many([]) == []


def test_many_puzzles_answered_as_dlx_solve_prints_them() -> None:
    block = "\n".join(PUZZLE[r * 9 : r * 9 + 9] for r in range(9))
    answers = sudoku.solve_many([PUZZLE, "11" + PUZZLE[2:], "not a puzzle", block + "\n"])
    assert answers[0] == SOLUTION
    assert answers[1:3] == ["no solution", "invalid puzzle"]
    assert answers[3].splitlines() == [SOLUTION[r * 9 : r * 9 + 9] for r in range(9)]
    with pytest.raises(dlx.PuzzleError, match="puzzle 1: no puzzle"):
        sudoku.solve_many([PUZZLE, ""])
    with pytest.raises(dlx.PuzzleError, match="puzzle 0: a second puzzle"):
        sudoku.solve_many([PUZZLE + "\n" + PUZZLE])
    with pytest.raises(ValueError, match="at least 1"):
        sudoku.solve_many([PUZZLE], threads=0)


def test_many_puzzles_take_texts_not_one_text() -> None:
    with pytest.raises(TypeError, match="not one text"):
        sudoku.solve_many(PUZZLE)
    with pytest.raises(TypeError):
        sudoku.solve_many([PUZZLE, 7])  # type: ignore[list-item]
    assert sudoku.solve_many(p for p in [PUZZLE, PUZZLE + "\n"]) == [SOLUTION, SOLUTION]


def test_the_examples_of_the_docstrings() -> None:
    for module in (dlx, sudoku):
        assert doctest.testmod(module).failed == 0, module.__name__


SHAPES = ROOT / "crates" / "dlx-cli" / "tests" / "data"


def test_puzzles_on_shapes_of_any_houses(dlx_binary: Path) -> None:
    puzzle = (SHAPES / "samurai.in").read_text()
    solved = (SHAPES / "samurai.out").read_text()
    printed = subprocess.run(
        [str(dlx_binary), "solve", "--shape", "samurai"],
        input=puzzle,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert printed == solved
    for shape in ("samurai", (SHAPES / "samurai.shape").read_text()):
        assert sudoku.solve(puzzle, shape=shape) == solved.rstrip("\n")
        assert sudoku.check(puzzle, shape=shape) == "unique"
        assert sudoku.count(puzzle, shape=shape) == 1
    # Givens taken away: more solutions, counted to a limit.
    lines = puzzle.splitlines()
    opened = "\n".join([lines[0], "- " * 20 + "-", *lines[2:]])
    assert sudoku.check(opened, shape="samurai") == "multiple"
    assert sudoku.count(opened, limit=3, shape="samurai") == 3
    # Two equal givens in a row of the top left grid: no solution.
    clash = "\n".join([lines[0], "5 5" + lines[1][3:], *lines[2:]])
    assert sudoku.solve(clash, shape="samurai") is None
    assert sudoku.check(clash, shape="samurai") == "none"


def test_bad_shapes_and_grids_say_where() -> None:
    puzzle = (SHAPES / "samurai.in").read_text()
    with pytest.raises(dlx.PuzzleError, match="neither a built-in shape"):
        sudoku.solve(puzzle, shape="samuri")
    with pytest.raises(dlx.PuzzleError) as error:
        sudoku.solve(puzzle, shape="values 9\ngrid 21 21\nsudoku 1 x\n")
    assert error.value.line == 3
    with pytest.raises(dlx.PuzzleError, match="size line") as error:
        sudoku.solve("9 9\n", shape="samurai")
    assert (error.value.line, error.value.column) == (1, 1)
    with pytest.raises(dlx.PuzzleError, match="second puzzle") as error:
        sudoku.check(puzzle + "\n" + puzzle, shape="samurai")
    assert error.value.line == 24
    with pytest.raises(dlx.PuzzleError, match="no puzzle"):
        sudoku.count("\n", shape="samurai")


def test_many_puzzles_from_an_iterable_that_lets_the_gil_go() -> None:
    puzzles = lines("17_clue.txt") * 10
    solutions = lines("17_clue.solutions") * 10

    def slowly() -> Iterator[str]:
        # Sleeping releases the GIL, as reading a file does: the answers made meanwhile
        # must not wait for the texts being taken, nor these for them.
        for puzzle in puzzles:
            time.sleep(0)
            yield puzzle

    assert sudoku.solve_many(slowly(), threads=2) == solutions
    assert sudoku.solve_many(slowly(), threads=3) == solutions


def grids_4x4() -> list[list[int]]:
    """Every 4x4 Sudoku grid, by brute force."""
    found: list[list[int]] = []

    def fill(grid: list[int]) -> None:
        cell = len(grid)
        if cell == 16:
            found.append(list(grid))
            return
        r, c = divmod(cell, 4)
        for v in range(1, 5):
            peers = [
                grid[k]
                for k in range(cell)
                if k // 4 == r or k % 4 == c or (k // 8, k % 4 // 2) == (r // 2, c // 2)
            ]
            if v not in peers:
                fill([*grid, v])

    fill([])
    return found


# Cages of the 4x4 killers below: (sum, cells from 0, row by row).
KILLER_CAGES = [(3, [0, 1]), (7, [10, 11])]


def test_variants_are_solved_checked_counted() -> None:
    killer = ".Shape~4x4.Cage~3~R1C1~R1C2.Cage~7~R3C3~R3C4"
    truth = [
        g for g in grids_4x4() if all(sum(g[c] for c in cells) == s for s, cells in KILLER_CAGES)
    ]
    assert len(grids_4x4()) == 288
    assert sudoku.count(killer) == len(truth)
    assert sudoku.count(killer, limit=3) == 3
    assert sudoku.check(killer) == "multiple"
    solution = sudoku.solve(killer)
    assert solution is not None and [int(ch) for ch in solution] in truth
    clash = ".Shape~4x4.~R1C1_1~R1C2_1"
    assert sudoku.solve(clash) is None
    assert sudoku.check(clash) == "none"
    with pytest.raises(dlx.PuzzleError) as error:
        sudoku.check("# a comment\n.Shape~4x4.Cage~3~R1C1~Rzz")
    assert (error.value.line, error.value.column) == (2, 24)


def test_true_candidates_are_those_of_every_solution() -> None:
    killer = ".Shape~4x4.Cage~3~R1C1~R1C2.Cage~7~R3C3~R3C4"
    truth = [
        g for g in grids_4x4() if all(sum(g[c] for c in cells) == s for s, cells in KILLER_CAGES)
    ]
    for limit in (1, 2, 5):
        expected = [
            {v: min(limit, n) for v in range(1, 5) if (n := sum(1 for g in truth if g[c] == v))}
            for c in range(16)
        ]
        assert sudoku.candidates(killer, limit) == expected
    # A classic puzzle: a unique one gives its solution.
    unique = sudoku.candidates(PUZZLE)
    assert unique == [{int(ch): 1} for ch in SOLUTION]
    assert sudoku.candidates(".Shape~4x4.~R1C1_1~R1C2_1") == [{} for _ in range(16)]
