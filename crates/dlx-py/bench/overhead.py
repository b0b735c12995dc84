"""The package's overhead over the command line, whole processes, alternated run by run.

    python crates/dlx-py/bench/overhead.py --dlx target/release/dlx \\
        --problem langford12.dlx --puzzles puzzles2_17_clue [--runs 7]

Times ``problem.count(threads=1, engine="dlx")`` (the engine of the command's count) in a
fresh Python process against ``dlx cover --count
--threads 1``, and ``sudoku.solve_many`` over a puzzle file against ``dlx solve`` (both on
one thread, then on every core), and prints the medians and their ratios: of the time on the
clock, and of the processor time (user and system, every thread), which a loaded machine
disturbs less; for ``solve_many`` also the call's own time against the whole command.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

COUNT = """
import sys, dlx
problem = dlx.Problem.from_knuth(open(sys.argv[1]).read())
print(problem.count(threads=1, engine="dlx"))
"""

SOLVE = """
import sys, time
from dlx import sudoku
threads = None if sys.argv[2] == "all" else int(sys.argv[2])
with open(sys.argv[1]) as file:
    puzzles = [line for line in file.read().splitlines() if line and not line.startswith("#")]
started, used = time.perf_counter(), time.process_time()
answers = sudoku.solve_many(puzzles, threads=threads)
print(time.perf_counter() - started, time.process_time() - used, file=sys.stderr)
sys.stdout.write("\\n".join(answers) + "\\n")
"""


def processor() -> float:
    """The processor time of the children waited for so far."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


def timed(command: list[str]) -> tuple[float, float, str, str]:
    """The command's time on the clock, its processor time, its output and its errors."""
    started, used = time.perf_counter(), processor()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - started, processor() - used, done.stdout, done.stderr


def compare(label: str, ours: list[str], theirs: list[str], runs: int) -> None:
    clock: dict[str, list[float]] = {"python": [], "cli": []}
    cpu: dict[str, list[float]] = {"python": [], "cli": []}
    outputs = {}
    # What the Python side prints on its standard error: the call's own clock and processor
    # time, without the interpreter's start, the file's reading and the answers' writing.
    calls: list[tuple[float, float]] = []
    for _ in range(runs):
        for name, command in (("python", ours), ("cli", theirs)):
            seconds, used, outputs[name], errors = timed(command)
            clock[name].append(seconds)
            cpu[name].append(used)
            if name == "python" and errors.strip():
                call_clock, call_cpu = errors.split()
                calls.append((float(call_clock), float(call_cpu)))
    python, cli = (statistics.median(clock[name]) for name in ("python", "cli"))
    python_cpu, cli_cpu = (statistics.median(cpu[name]) for name in ("python", "cli"))
    same = "same output" if outputs["python"] == outputs["cli"] else "OUTPUTS DIFFER"
    print(
        f"{label}: clock python {python:.3f}s, dlx {cli:.3f}s, ratio {python / cli:.3f}; "
        f"cpu python {python_cpu:.3f}s, dlx {cli_cpu:.3f}s, ratio {python_cpu / cli_cpu:.3f} "
        f"({same})"
    )
    if calls:
        call, call_cpu = (statistics.median(c[i] for c in calls) for i in (0, 1))
        print(
            f"  the call alone: clock {call:.3f}s, ratio {call / cli:.3f} to the whole dlx "
            f"process; cpu {call_cpu:.3f}s, ratio {call_cpu / cli_cpu:.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dlx", required=True)
    parser.add_argument("--problem", type=Path, required=True)
    parser.add_argument("--puzzles", type=Path, required=True)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    py = sys.executable
    compare(
        f"count {args.problem.name}",
        [py, "-c", COUNT, str(args.problem)],
        [args.dlx, "cover", str(args.problem), "--count", "--threads", "1"],
        args.runs,
    )
    for threads in ("1", "all"):
        cli = [args.dlx, "solve", str(args.puzzles)]
        if threads != "all":
            cli += ["--threads", threads]
        compare(
            f"solve_many {args.puzzles.name} threads={threads}",
            [py, "-c", SOLVE, str(args.puzzles), threads],
            cli,
            args.runs,
        )


if __name__ == "__main__":
    main()
