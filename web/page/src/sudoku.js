// The Sudoku section: the text (#puzzle) is the puzzle; the board draws what the library reads
// from it with the shape chosen here, and writes edits back into the text in its own format.

import { Board, regionColour, symbolOf } from "./board.js";
import { EXAMPLES } from "./examples.js";
import { describeError, formatCount, formatMs } from "./format.js";
import { LogicPanel } from "./logic.js";

const SIZES = Array.from({ length: 22 }, (_, i) => i + 4); // 4x4 to 25x25

/** Pairs r x c with r * c = n, r <= c first, then their transposes. */
function boxShapes(n) {
  const shapes = [];
  for (let r = 2; r < n; r++) if (n % r === 0) shapes.push([r, n / r]);
  return shapes;
}

function blankGrid(n) {
  return Array.from({ length: n }, () => ".".repeat(n)).join("\n") + "\n";
}

/** One region per row: a valid jigsaw layout to start painting from. */
function rowRegions(n) {
  return Array.from({ length: n * n }, (_, k) => Math.floor(k / n));
}

export class SudokuSection {
  constructor(dlx, client) {
    this.dlx = dlx;
    this.client = client;
    this.$ = (id) => document.getElementById(id);
    this.read = null; // the last text that read: {puzzle, shape, candidates, note}
    this.size = 9;
    this.solution = null;
    this.step = null; // a logical step shown on the board (a hint, or one of an explanation)
    this.readText = null;
    this.marked = [];
    this.painted = null; // the jigsaw layout while painting is on
    this.brush = 0;
    this.board = new Board(this.$("board"), {
      onEdit: (k, v) => this.edit(k, v),
      onPaint: (k) => this.paint(k),
      onPaintEnd: () => this.paintEnd(),
    });
    this.setup();
  }

  setup() {
    const $ = this.$;
    for (const n of SIZES) $("size").add(new Option(`${n}x${n}`, String(n), n === 9, n === 9));
    EXAMPLES.forEach((ex, i) => $("example").add(new Option(ex.name, String(i))));
    $("size").addEventListener("change", () => this.newGrid(Number($("size").value)));
    $("boxes").addEventListener("change", () => this.refresh());
    $("extra-x").addEventListener("change", () => this.refresh());
    $("extra-windoku").addEventListener("change", () => this.refresh());
    $("marks").addEventListener("change", () => this.draw());
    $("jigsaw").addEventListener("change", () => this.toggleJigsaw());
    $("layout").addEventListener("input", () => this.layoutTyped());
    $("example").addEventListener("change", () => this.example());
    let pending = 0;
    $("puzzle").addEventListener("input", () => {
      // Reading is fast, but a 25x25 paste arrives as one event anyway; typing is debounced a little.
      clearTimeout(pending);
      pending = setTimeout(() => {
        this.solution = null;
        this.refresh();
      }, 30);
    });
    $("solve").addEventListener("click", () => this.search("solve"));
    $("check").addEventListener("click", () => this.search("check"));
    $("count").addEventListener("click", () => this.search("count"));
    $("cancel").addEventListener("click", () => this.cancel());
    $("clear").addEventListener("click", () => {
      this.solution = null;
      this.step = null;
      this.draw();
    });
    this.logic = new LogicPanel(this);
    this.newGrid(9);
    this.status("ready");
  }

  // ---- what the board shows

  options() {
    const extra = [];
    if (this.$("extra-x").checked) extra.push("x");
    if (this.$("extra-windoku").checked) extra.push("windoku");
    const boxes = this.$("boxes").value ? this.$("boxes").value.split("x").map(Number) : null;
    return { boxes, regions: this.painted, extra };
  }

  /** Reads the text again; the board follows, or the error is shown beside the text. */
  refresh() {
    const text = this.$("puzzle").value;
    if (text !== this.readText) {
      // What was shown of the logic belongs to the old text.
      this.readText = text;
      this.step = null;
      this.logic?.reset();
    }
    const answer = JSON.parse(this.dlx.read_sudoku(text, JSON.stringify(this.options())));
    this.marked = [];
    if (answer.state === "ok") {
      this.read = answer;
      this.showError(answer.clash);
      this.marked = answer.clash?.cells ?? [];
      this.$("input-note").textContent = answer.note ?? "";
      if (answer.puzzle.size !== this.size) this.adoptSize(answer.puzzle.size);
    } else {
      this.showError(answer.error);
      this.marked = answer.error.cells ?? [];
      this.$("input-note").textContent = "";
    }
    this.draw();
    return answer;
  }

  adoptSize(n) {
    this.size = n;
    const select = this.$("size");
    if (![...select.options].some((o) => o.value === String(n))) select.add(new Option(`${n}x${n}`, String(n)));
    select.value = String(n);
    this.fillBoxes(n);
    if (this.painted && this.painted.length !== n * n) this.painted = this.read?.shape.regions.slice() ?? rowRegions(n);
    this.fillPalette();
  }

  fillBoxes(n) {
    const boxes = this.$("boxes");
    boxes.replaceChildren(new Option("auto", ""));
    for (const [r, c] of boxShapes(n)) boxes.add(new Option(`${r}x${c}`, `${r}x${c}`));
  }

  draw() {
    const n = this.size;
    const read = this.read && this.read.puzzle.size === n ? this.read : null;
    const regions = this.painted ?? read?.shape.regions ?? rowRegions(n);
    const jigsaw = !!this.painted || (read ? read.shape.boxes === null : false);
    const step = read ? this.step : null;
    const marks = this.$("marks").checked && !this.solution ? read?.candidates ?? null : null;
    this.board.render({
      size: n,
      regions,
      extra: read?.shape.extra ?? [],
      jigsaw,
      givens: read?.puzzle.cells ?? new Array(n * n).fill(0),
      solution: step ? step.values : this.solution,
      alphabet: this.alphabet(),
      marks: step ? step.candidates : marks,
      marked: this.marked,
      paint: !!this.painted,
      highlight: step,
    });
    this.fillKeypad();
  }

  alphabet() {
    const layout = this.read?.puzzle.layout;
    return layout?.alphabet && layout.kind !== "json" ? layout.alphabet : "one-based";
  }

  fillKeypad() {
    const keypad = this.$("keypad");
    const key = `${this.size}/${this.alphabet()}`;
    if (keypad.dataset.key === key) return;
    keypad.dataset.key = key;
    keypad.replaceChildren();
    for (let v = 1; v <= this.size; v++) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = symbolOf(v, this.alphabet());
      b.addEventListener("click", () => this.board.enter(v));
      keypad.appendChild(b);
    }
    const clear = document.createElement("button");
    clear.type = "button";
    clear.textContent = "⌫";
    clear.title = "Clear the cell";
    clear.setAttribute("aria-label", "Clear the cell");
    clear.addEventListener("click", () => this.board.enter(0));
    keypad.appendChild(clear);
    keypad.style.setProperty("--keys", String(Math.min(this.size + 1, this.size > 12 ? 13 : 10)));
  }

  showError(error) {
    const box = this.$("input-error");
    if (!error) {
      box.textContent = "";
      return;
    }
    box.textContent = describeError(error);
  }

  status(text) {
    this.$("status").textContent = text;
  }

  // ---- editing

  newGrid(n) {
    this.solution = null;
    this.$("puzzle").value = blankGrid(n);
    this.$("boxes").value = "";
    if (this.painted) this.painted = rowRegions(n);
    this.size = n;
    this.fillBoxes(n);
    this.fillPalette();
    this.refresh();
    this.updateLayoutText();
  }

  edit(k, value) {
    this.writeCells([[k, value]]);
  }

  /** Puts `[cell, value]` pairs into the puzzle, its text written again in the layout it was
   * pasted in; the new text, or null when the text does not read. */
  writeCells(pairs) {
    if (!this.read || this.read.puzzle.size !== this.size) {
      this.status("the text above does not read as a puzzle: fix it first");
      return null;
    }
    const puzzle = structuredClone(this.read.puzzle);
    for (const [k, value] of pairs) puzzle.cells[k] = value;
    const written = JSON.parse(this.dlx.write_sudoku(JSON.stringify(puzzle)));
    if (written.state !== "ok") {
      this.showError(written.error);
      return null;
    }
    this.solution = null;
    this.$("puzzle").value = written.text;
    this.refresh();
    return written.text;
  }

  /** Draws a logical step (with its grid and candidates) on the board, or none. */
  showStep(step) {
    this.step = step;
    this.solution = null;
    this.draw();
  }

  /** Puts a generated puzzle (a line, its jigsaw layout after it) in place of the text. */
  showGenerated(text) {
    if (this.painted && this.$("gen-jigsaw").checked) this.setJigsaw(false);
    this.solution = null;
    this.$("puzzle").value = text;
    this.refresh();
  }

  example() {
    const ex = EXAMPLES[Number(this.$("example").value)];
    if (!ex) return;
    this.$("extra-x").checked = ex.extra.includes("x");
    this.$("extra-windoku").checked = ex.extra.includes("windoku");
    this.$("boxes").value = "";
    if (this.painted) this.setJigsaw(false);
    this.solution = null;
    this.$("puzzle").value = ex.text;
    this.refresh();
    this.$("example").value = "";
  }

  // ---- jigsaw layouts

  toggleJigsaw() {
    this.setJigsaw(this.$("jigsaw").checked);
  }

  setJigsaw(on) {
    this.$("jigsaw").checked = on;
    this.$("jigsaw-tools").hidden = !on;
    if (on) {
      const shape = this.read?.puzzle.size === this.size ? this.read.shape : null;
      this.painted = shape ? shape.regions.slice() : rowRegions(this.size);
      this.$("boxes").value = "";
    } else {
      this.painted = null;
    }
    this.fillPalette();
    this.updateLayoutText();
    this.refresh();
  }

  fillPalette() {
    const palette = this.$("palette");
    palette.replaceChildren();
    if (!this.painted) return;
    this.brush = Math.min(this.brush, this.size - 1);
    for (let g = 0; g < this.size; g++) {
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("role", "radio");
      b.setAttribute("aria-checked", String(g === this.brush));
      b.style.background = regionColour(g, this.size);
      b.textContent = String(g + 1);
      b.title = `Paint region ${g + 1}`;
      b.addEventListener("click", () => {
        this.brush = g;
        this.fillPalette();
      });
      palette.appendChild(b);
    }
  }

  paint(k) {
    if (!this.painted || this.painted[k] === this.brush) return;
    this.painted[k] = this.brush;
    this.solution = null;
    this.draw();
  }

  paintEnd() {
    this.updateLayoutText();
    this.refresh();
  }

  updateLayoutText() {
    const n = this.size;
    if (!this.painted) return;
    const symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let text = "";
    for (let r = 0; r < n; r++) {
      text += this.painted.slice(r * n, r * n + n).map((g) => symbols[g] ?? "?").join("") + "\n";
    }
    this.$("layout").value = text;
    this.$("layout-error").textContent = "";
  }

  layoutTyped() {
    const answer = JSON.parse(this.dlx.read_regions(this.$("layout").value));
    if (answer.state !== "ok") {
      this.$("layout-error").textContent = describeError(answer.error);
      return;
    }
    if (answer.regions.length !== this.size * this.size) {
      this.$("layout-error").textContent = `a layout of ${answer.regions.length} cells, but the grid has ${this.size * this.size}`;
      return;
    }
    this.$("layout-error").textContent = "";
    this.painted = answer.regions;
    this.solution = null;
    this.refresh();
  }

  // ---- searching

  search(mode) {
    const read = this.refresh();
    if (read.state !== "ok") {
      this.status(read.error.field === "regions" ? "invalid layout" : "invalid puzzle");
      return;
    }
    this.solution = null;
    this.step = null;
    this.logic.reset();
    this.draw();
    const limit = Math.max(1, Math.floor(Number(this.$("limit").value) || 1000));
    const request = { text: this.$("puzzle").value, options: this.options(), mode };
    if (mode === "count") request.limit = limit;
    const verb = { solve: "solving", check: "checking", count: "counting" }[mode];
    this.status(`${verb}…`);
    this.$("stats").textContent = "";
    this.$("cancel").disabled = false;
    // Times are the user's: from the click to the answer on the page.
    const start = performance.now();
    this.running = { mode, progress: null };
    this.client.start("sudoku", request, {
      onProgress: (answer) => {
        const ms = performance.now() - start;
        this.running.progress = answer;
        const found = mode === "count" ? `${formatCount(answer.solutions)} solutions so far, ` : "";
        this.status(`${verb}… ${found}${formatCount(answer.nodes)} ${mode === "count" ? "nodes" : "guesses"}, ${formatMs(ms)}`);
      },
      onDone: (answer) => this.done(mode, answer, performance.now() - start),
    });
  }

  done(mode, answer, ms) {
    this.$("cancel").disabled = true;
    this.running = null;
    if (answer.state === "error") {
      this.failed(answer.error);
      return;
    }
    const stats = answer.stats;
    // Solves and checks run on the library's fast paths, whose nodes are guesses.
    const work = mode === "count" ? `nodes ${formatCount(stats.nodes)} · updates ${formatCount(stats.updates)}` : `guesses ${formatCount(answer.spent)}`;
    this.$("stats").textContent = `${formatMs(ms)} · ${work}`;
    if (mode === "count") {
      const n = answer.count;
      this.status(`${formatCount(n)}${answer.capped ? "+" : ""} solution${n === 1 && !answer.capped ? "" : "s"}${answer.capped ? " (stopped at the limit)" : ""}${n === 0 ? ": no solution" : ""}`);
      return;
    }
    this.solution = answer.solution;
    this.draw();
    if (mode === "solve") {
      this.status(answer.solution ? `solved in ${formatMs(ms)}` : "no solution");
    } else {
      const words = { unique: "unique: exactly one solution", multiple: "multiple: more than one solution", none: "none: no solution" };
      this.status(words[answer.verdict] ?? answer.verdict);
    }
  }

  /** Shows why a job could not run: the error beside the text, its cells on the board. */
  failed(error) {
    this.showError(error);
    this.marked = error.cells ?? [];
    this.draw();
    this.status(error.field === "options" ? `cannot do that: ${error.message}` : "invalid puzzle");
  }

  cancel() {
    const progress = this.running?.progress;
    if (!this.client.cancel()) return;
    this.$("cancel").disabled = true;
    const so_far = progress && this.running.mode === "count" ? ` (${formatCount(progress.solutions)} solutions found so far)` : "";
    this.running = null;
    this.status(`cancelled${so_far}`);
  }
}
