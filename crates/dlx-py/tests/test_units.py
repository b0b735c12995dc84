"""Work units: split, run with a budget, merge; the same JSON lines as the command line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import dlx

from conftest import DATA, problem


def run_all(p: dlx.Problem, units: list[str], budget: int | None) -> list[str]:
    """Runs every unit and every remainder; returns the result lines."""
    results = []
    pending = list(units)
    while pending:
        result = dlx.run_unit(p, pending.pop(), budget)
        results.append(result)
        pending += [json.dumps(u, separators=(",", ":")) for u in json.loads(result)["remainder"]]
    return results


@pytest.mark.parametrize("budget", [None, 1, 500])
def test_units_add_up_to_one_search(budget: int | None) -> None:
    p = problem("langford11.dlx")
    units = dlx.split(p, 8, engine="dlx")
    assert len(units) >= 8
    assert all(json.loads(u)["problem"] == p.hash for u in units)
    totals, remaining = dlx.merge(run_all(p, units, budget))
    assert remaining == []
    assert (totals["solutions"], totals["nodes"], totals["updates"]) == (35584, 439747, 5974979)
    assert totals["complete"]


@pytest.mark.parametrize("engine", [None, "auto", "cells"])
def test_units_of_the_cells_tree_add_up_to_one_cells_search(engine: str | None) -> None:
    p = problem("langford11.dlx")
    units = dlx.split(p, 8, engine=engine)  # type: ignore[arg-type]
    assert all(json.loads(u)["engine"] == "cells" for u in units)
    totals, remaining = dlx.merge(run_all(p, units, 200))
    assert remaining == [] and totals["engine"] == "cells"
    assert p.count(threads=1, engine="cells") == totals["solutions"]
    stats = p.stats()
    assert stats is not None
    assert (totals["nodes"], totals["updates"]) == (stats.nodes, stats.updates)
    with pytest.raises(ValueError, match="no search tree"):
        dlx.split(p, 8, engine="sat")


def test_a_result_lists_what_is_left() -> None:
    p = problem("langford11.dlx")
    # Dancing links, whose budget counts every node (that of dancing cells counts branch nodes,
    # and the solutions found between two of them come on top).
    first = dlx.split(p, 1, engine="dlx")[0]
    result = json.loads(dlx.run_unit(p, first, 100))
    assert not result["complete"] and result["remainder"]
    assert result["nodes"] <= 100 + json.loads(first)["above"]["nodes"]
    totals, remaining = dlx.merge([json.dumps(result)])
    assert totals["remaining"] == len(remaining) == len(result["remainder"])
    assert dlx.run_unit(p, json.loads(first), 100) == dlx.run_unit(p, first, 100)


def test_bad_units_are_unit_errors() -> None:
    p = problem("langford11.dlx")
    with pytest.raises(dlx.UnitError) as error:
        dlx.run_unit(p, '{"problem":1}')
    assert (error.value.line, error.value.column) == (1, 12)
    other = dlx.split(problem("queens8.dlx"), 1)[0]
    with pytest.raises(dlx.UnitError, match="the unit is for problem"):
        dlx.run_unit(p, other)
    with pytest.raises(dlx.UnitError, match="option"):
        dlx.run_unit(p, json.dumps({"problem": p.hash, "prefix": [0, 0]}))
    with pytest.raises(dlx.ProblemError, match="multiplicities"):
        dlx.split(problem("toy3.dlx"))
    result = dlx.run_unit(p, dlx.split(p, 1)[0])
    with pytest.raises(dlx.UnitError, match="already counted") as error:
        dlx.merge([result, result])
    assert error.value.line == 2
    with pytest.raises(dlx.UnitError, match="no results"):
        dlx.merge([])


def cli(binary: Path, *args: str) -> str:
    done = subprocess.run([str(binary), *args], capture_output=True, text=True, check=True)
    return done.stdout


def test_units_round_trip_with_the_command_line(dlx_binary: Path, tmp_path: Path) -> None:
    file = str(DATA / "langford11.dlx")
    p = problem("langford11.dlx")
    # The same units, and the same results for them, on both sides.
    units = dlx.split(p, 16, engine="dlx")
    assert cli(dlx_binary, "split", file, "--units", "16", "--engine", "dlx").splitlines() == units
    assert cli(dlx_binary, "split", file, "--units", "16").splitlines() == dlx.split(p, 16)
    unit_file = tmp_path / "units.jsonl"
    unit_file.write_text("".join(u + "\n" for u in units))
    ran = cli(dlx_binary, "run", file, "--units", str(unit_file), "--budget", "300")
    ours = [dlx.run_unit(p, u, 300) for u in units]
    assert ran.splitlines() == ours
    # Python's results merged by the command line, its remainders run by Python.
    results = tmp_path / "results.jsonl"
    results.write_text("".join(r + "\n" for r in ours))
    rest = tmp_path / "rest.jsonl"
    merged = json.loads(cli(dlx_binary, "merge", str(results), "--remaining", str(rest)))
    totals, remaining = dlx.merge(ours)
    assert merged == totals
    assert rest.read_text().splitlines() == remaining
    final, left = dlx.merge(ours + run_all(p, remaining, None))
    assert left == [] and final["solutions"] == 35584 and final["nodes"] == 439747
