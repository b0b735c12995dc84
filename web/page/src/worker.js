// The Web Worker that runs searches, a slice at a time, so that it can report progress.
// It never yields between slices: a search is stopped by ending the worker (see client.js).

import init, { CoverTask, GenerateTask, LogicTask, SudokuTask } from "../pkg/dlx_wasm.js";

const ready = init();

// A slice is sized to take about this long, so that progress comes several times a second.
const SLICE_MS = 40;
const PROGRESS_EVERY_MS = 100;

const TASKS = { sudoku: SudokuTask, cover: CoverTask, logic: LogicTask, generate: GenerateTask };

self.onmessage = async (event) => {
  const { id, kind, request } = event.data;
  try {
    await ready;
    run(id, new TASKS[kind](JSON.stringify(request)));
  } catch (error) {
    // Only a defect of this page gets here (the tasks report bad input as answers).
    self.postMessage({ id, type: "done", answer: { state: "error", error: { message: String(error), field: "request" } } });
  }
};

function run(id, task) {
  let slice = 1000;
  let lastPost = performance.now();
  let found = [];
  try {
    for (;;) {
      const before = performance.now();
      const answer = JSON.parse(task.run(slice));
      const now = performance.now();
      if (Array.isArray(answer.found)) {
        found = found.concat(answer.found);
        answer.found = [];
      }
      if (answer.state !== "running") {
        if (answer.found) answer.found = found;
        self.postMessage({ id, type: "done", answer });
        return;
      }
      const took = now - before;
      if (took < SLICE_MS / 2) slice = Math.min(slice * 2, 1e12);
      else if (took > SLICE_MS * 2) slice = Math.max(Math.floor(slice / 2), 100);
      if (now - lastPost >= PROGRESS_EVERY_MS) {
        if (answer.found) {
          answer.found = found;
          found = [];
        }
        self.postMessage({ id, type: "progress", answer });
        lastPost = now;
      }
    }
  } finally {
    task.free();
  }
}
