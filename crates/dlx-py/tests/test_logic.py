"""Generating, rating, hints and explanations: the answers of the command line, and valid."""

from __future__ import annotations

import json
import signal
import subprocess
import threading
from pathlib import Path

import pytest

import dlx
from dlx import sudoku

from conftest import ROOT

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
# Rated on Sudoku Explainer's scale beside the library's tests.
RATED = ROOT / "crates" / "dlx-puzzles" / "tests" / "data"
# ER 9.0 (dynamic forcing chains): a rating of seconds in a debug build.
HARD = "1...4...5...9.2...9.8...6.7.9.7.3.4...7...5..2...1...9...4.8....5..6..3.7.......4"


def rated_sample() -> list[tuple[str, str]]:
    """Every twentieth puzzle of the rated set with the rating ``dlx rate`` recorded for it."""
    puzzles = [
        line.split("\t")[0]
        for line in (RATED / "se_rated.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    ours = [
        line
        for line in (RATED / "se_rated_ours.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert len(puzzles) == len(ours)
    # Puzzles the techniques finish quickly (ER below 8), so that a debug build keeps up.
    pairs = list(zip(puzzles, ours, strict=True))[::20]
    return [(p, r) for p, r in pairs if float(r.split("/")[0]) < 8]


def cli(binary: Path, *args: str, stdin: str) -> list[str]:
    done = subprocess.run(
        [str(binary), *args], input=stdin, capture_output=True, text=True, check=False
    )
    assert done.returncode in (0, 3), done.stderr
    return done.stdout.splitlines()


def givens(text: str) -> list[int]:
    return [0 if c == "." else int(c) for c in text]


def test_ratings_are_the_command_lines(dlx_binary: Path) -> None:
    sample = rated_sample()
    assert len(sample) >= 8
    printed = cli(dlx_binary, "rate", "--quiet", stdin="".join(p + "\n" for p, _ in sample))
    for (puzzle, recorded), line in zip(sample, printed, strict=True):
        rating = sudoku.rate(puzzle)
        assert str(rating) == line == recorded
        assert f"{rating.er:.1f}/{rating.ep:.1f}/{rating.ed:.1f}" == line.split("\t")[0]
        assert rating.hardest == line.split("\t")[1]
        assert rating.steps > 0
        assert rating.ed <= rating.ep <= rating.er


def test_hints_and_explanations_are_the_command_lines(dlx_binary: Path) -> None:
    sample = [*(p for p, _ in rated_sample()[:6]), PUZZLE]
    text = "".join(p + "\n" for p in sample)
    hints = [json.loads(line) for line in cli(dlx_binary, "hint", "--json", "-q", stdin=text)]
    steps = [json.loads(line) for line in cli(dlx_binary, "explain", "--json", "-q", stdin=text)]
    for number, puzzle in enumerate(sample, 1):
        expected = [s for s in steps if s["puzzle"] == number]
        explained = sudoku.explain(puzzle)
        assert [as_json(s, number) for s in explained] == expected
        hint = sudoku.hint(puzzle)
        assert hint is not None
        assert as_json(hint, number) == hints[number - 1] == expected[0]


def as_json(step: sudoku.Step, number: int) -> dict[str, object]:
    """A step as ``dlx explain --json`` writes it."""
    return {
        "puzzle": number,
        "technique": step.technique,
        "placements": [list(p) for p in step.placements],
        "eliminations": [list(e) for e in step.eliminations],
        "text": step.text,
    }


def test_explained_steps_reach_the_solution() -> None:
    solution = givens(sudoku.solve(PUZZLE) or "")
    values = givens(PUZZLE)
    candidates = [{v} if v else set(range(1, 10)) for v in values]
    steps = sudoku.explain(PUZZLE, marks=True)
    assert steps and all(step.marks for step in steps)
    for step in steps:
        assert 1.0 <= step.difficulty <= 20.0
        assert step.placements or step.eliminations, step
        for cell, value in step.eliminations:
            # Sound: a candidate removed is not the solution's.
            assert solution[cell] != value, step
            candidates[cell].discard(value)
        for cell, value in step.placements:
            assert solution[cell] == value, step
            values[cell] = value
    assert values == solution
    assert str(steps[0]) == steps[0].text
    assert repr(steps[0]).startswith("Step(technique='")
    # A solved grid has no hint.
    assert sudoku.hint(sudoku.solve(PUZZLE) or "") is None


def test_only_puzzles_with_one_solution_are_rated_or_explained() -> None:
    with pytest.raises(dlx.PuzzleError, match="more than one solution"):
        sudoku.rate("." * 81)
    with pytest.raises(dlx.PuzzleError, match="no solution"):
        sudoku.explain("11" + PUZZLE[2:])
    with pytest.raises(dlx.PuzzleError) as error:
        sudoku.hint("#\n123456789x........\n")
    assert (error.value.line, error.value.column) == (2, 17)
    with pytest.raises(ValueError, match="timeout"):
        sudoku.rate(PUZZLE, timeout=-1)


def test_a_rating_past_its_timeout_says_so() -> None:
    with pytest.raises(TimeoutError, match="not rated within"):
        sudoku.rate(HARD, timeout=0.001)


@pytest.mark.parametrize(
    "options",
    [
        [],
        ["--symmetry", "rot180", "--minimal"],
        ["--size", "4"],
        ["--jigsaw", "--size", "6"],
        ["--boxes", "2x3", "--extra", "x", "--format", "json"],
        ["--rating", "1.0-2.0", "--format", "json"],
    ],
)
def test_generated_puzzles_are_the_command_lines(dlx_binary: Path, options: list[str]) -> None:
    printed = cli(dlx_binary, "generate", "-n", "3", "--seed", "7", "-q", *options, stdin="")
    keywords = keywords_of(options)
    made = sudoku.generate(3, seed=7, threads=2, **keywords)  # type: ignore[arg-type]
    assert made == printed
    for puzzle in made:
        assert sudoku.check(puzzle) == "unique", puzzle
    if "rating" in keywords:
        for puzzle in made:
            assert 1.0 <= sudoku.rate(puzzle).er <= 2.0
    # The same on one thread.
    assert sudoku.generate(3, seed=7, threads=1, **keywords) == made  # type: ignore[arg-type]


def keywords_of(options: list[str]) -> dict[str, object]:
    """The keywords of ``sudoku.generate`` for the command line's options."""
    keywords: dict[str, object] = {}
    words = iter(options)
    for option in words:
        name = option.removeprefix("--")
        if name in ("minimal", "jigsaw"):
            keywords[name] = True
            continue
        value = next(words)
        if name == "size":
            keywords[name] = int(value)
        elif name == "boxes":
            rows, columns = value.split("x")
            keywords[name] = (int(rows), int(columns))
        elif name == "rating":
            low, high = value.split("-")
            keywords[name] = (float(low), float(high))
        else:
            keywords[name] = value
    return keywords


def test_generated_puzzles_keep_their_conditions() -> None:
    for puzzle in sudoku.generate(2, symmetry="rot180", givens=30, seed=1):
        assert sudoku.check(puzzle) == "unique"
        cells = givens(puzzle)
        assert sum(1 for v in cells if v) == 30
        assert all((cells[i] == 0) == (cells[80 - i] == 0) for i in range(81))
    # The 3x3 boxes given as a region layout's text.
    boxes = "\n".join("".join("ABCDEFGHI"[r // 3 * 3 + c // 3] for c in range(9)) for r in range(9))
    for puzzle in sudoku.generate(2, regions=boxes, seed=2):
        assert sudoku.check(puzzle) == "unique"
    assert sudoku.generate(0) == []


def test_bad_generation_options() -> None:
    with pytest.raises(ValueError, match="not a symmetry"):
        sudoku.generate(symmetry="spiral")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="format"):
        sudoku.generate(format="xml")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="range of ratings"):
        sudoku.generate(rating=(5.0, 2.0))
    with pytest.raises(ValueError, match="does not fit"):
        sudoku.generate(size=9, boxes=(2, 2))
    with pytest.raises(dlx.PuzzleError, match="givens asked for"):
        sudoku.generate(givens=100)
    with pytest.raises(dlx.PuzzleError, match="no puzzle met the conditions"):
        sudoku.generate(givens=1, size=4, attempts=3, seed=1)
    with pytest.raises(dlx.PuzzleError) as error:
        sudoku.generate(regions="aab\nab")
    assert error.value.line is not None
    with pytest.raises(ValueError, match="jigsaw"):
        sudoku.generate(jigsaw=True, boxes=(3, 3))
    with pytest.raises(TimeoutError, match="of 50 puzzles made"):
        sudoku.generate(50, size=16, minimal=True, timeout=0.01)


def test_ctrl_c_stops_a_generation() -> None:
    # Minimal 16x16 puzzles take seconds each: the run is stopped long before its end.
    timer = threading.Timer(0.2, signal.raise_signal, (signal.SIGINT,))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            sudoku.generate(1000, size=16, minimal=True, seed=1)
    finally:
        timer.cancel()
