// The Sudoku board: one element per cell ([data-cell], its text the value's symbol), region
// borders and colours, extra regions, pencil marks, keyboard entry and region painting.

const SYMBOLS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The symbol of `value` (1..n) in an alphabet of the reader (`one-based`, ...). */
export function symbolOf(value, alphabet) {
  if (!value) return "";
  switch (alphabet) {
    case "zero-based":
      return SYMBOLS[value - 1] ?? String(value);
    case "letters":
      return SYMBOLS[value + 9] ?? String(value);
    case "numbers":
      return String(value);
    default:
      return SYMBOLS[value] ?? String(value);
  }
}

/** The value (1..n) a typed key stands for, or null. */
export function valueOfKey(key, alphabet, size) {
  if (key.length !== 1) return null;
  const k = key.toUpperCase();
  let value = null;
  const index = SYMBOLS.indexOf(k);
  if (index < 0) return null;
  switch (alphabet) {
    case "zero-based":
      value = index + 1;
      break;
    case "letters":
      value = index >= 10 ? index - 9 : null;
      break;
    case "numbers":
      value = index < 10 ? index : null;
      break;
    default:
      value = index;
  }
  return value && value <= size ? value : null;
}

/** A pastel colour for region `g` of `n`, far from its neighbours in number. */
export function regionColour(g, n) {
  const hue = Math.round(((g * 0.618034) % 1) * 360);
  return `hsl(${hue} 70% ${n > 16 ? 90 : 88}%)`;
}

/** A step's candidates and cells by their part: `place`, `elim` (over `pattern`). */
function highlights(step) {
  const candidates = new Map();
  const cells = new Map();
  if (!step) return { candidates, cells };
  for (const [kind, pairs] of [["pattern", step.pattern], ["place", step.placements], ["elim", step.eliminations]]) {
    for (const [c, v] of pairs ?? []) {
      candidates.set(`${c}:${v}`, kind);
      cells.set(c, kind);
    }
  }
  return { candidates, cells };
}

export class Board {
  /**
   * `root` is the #board element; `handlers.onEdit(cell, value)` (value 0 to clear),
   * `handlers.onPaint(cell)` and `handlers.onPaintEnd()` hear from the user.
   */
  constructor(root, handlers) {
    this.root = root;
    this.handlers = handlers;
    this.state = null;
    this.selected = 0;
    this.cells = [];
    this.painting = false;
    this.typed = { text: "", at: 0 };
    root.addEventListener("keydown", (e) => this.key(e));
    root.addEventListener("pointerdown", (e) => this.pointerDown(e));
    root.addEventListener("pointermove", (e) => this.pointerMove(e));
    window.addEventListener("pointerup", () => this.pointerUp());
    window.addEventListener("pointercancel", () => this.pointerUp());
  }

  /**
   * Draws `state`: `{size, regions, extra, jigsaw, givens, solution, alphabet, marks, marked,
   * paint, highlight}` (regions: the region of each cell; marks: candidates per cell or null;
   * marked: cells to show as wrong; paint: whether dragging paints regions; highlight: a
   * logical step's `{pattern, placements, eliminations}` as `[cell, value]` pairs, or null).
   */
  render(state) {
    const n = state.size;
    if (!this.state || this.state.size !== n) this.build(n);
    this.state = state;
    this.root.style.setProperty("--n", n);
    this.root.classList.toggle("painting", !!state.paint);
    const extraCells = new Set(state.extra.flat());
    const marked = new Set(state.marked ?? []);
    const side = Math.ceil(Math.sqrt(n));
    const hl = highlights(state.highlight);
    for (let k = 0; k < n * n; k++) {
      const el = this.cells[k];
      const given = state.givens[k];
      const value = given || (state.solution ? state.solution[k] : 0);
      el.textContent = symbolOf(value, state.alphabet);
      el.dataset.value = value ? String(value) : "";
      el.classList.toggle("given", !!given);
      el.classList.toggle("solved", !given && !!value);
      el.classList.toggle("extra", extraCells.has(k));
      el.classList.toggle("wrong", marked.has(k));
      const g = state.regions[k];
      el.style.backgroundColor = state.jigsaw ? regionColour(g, n) : "";
      const r = Math.floor(k / n);
      const c = k % n;
      // Each cell draws its right and bottom edges: thick where the region changes; the
      // board's own border is the frame.
      el.classList.toggle("wr", c < n - 1 && state.regions[k + 1] !== g);
      el.classList.toggle("wb", r < n - 1 && state.regions[k + n] !== g);
      el.classList.toggle("lc", c === n - 1);
      el.classList.toggle("lr", r === n - 1);
      const marks = !value && state.marks ? state.marks[k] : null;
      this.drawMarks(k, marks, side, state.alphabet, hl);
      el.classList.toggle("hl-pattern", hl.cells.get(k) === "pattern");
      el.classList.toggle("hl-place", hl.cells.get(k) === "place");
      el.classList.toggle("hl-elim", hl.cells.get(k) === "elim");
      el.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}${value ? `: ${symbolOf(value, state.alphabet)}` : ", empty"}`);
    }
  }

  build(n) {
    this.root.replaceChildren();
    this.cells = [];
    // Pencil marks are drawn on a layer over the cells, so that a cell's text stays its value.
    const layer = document.createElement("div");
    layer.className = "marks-layer";
    layer.setAttribute("aria-hidden", "true");
    this.markBoxes = [];
    for (let k = 0; k < n * n; k++) {
      const el = document.createElement("div");
      el.className = "cell";
      el.dataset.cell = String(k);
      el.setAttribute("role", "gridcell");
      el.tabIndex = k === 0 ? 0 : -1;
      this.root.appendChild(el);
      this.cells.push(el);
      const box = document.createElement("div");
      box.className = "mk";
      layer.appendChild(box);
      this.markBoxes.push(box);
    }
    this.root.appendChild(layer);
    this.selected = 0;
  }

  /** The candidates `marks` of cell `k`, each at its place in a `side` x `side` square, those
   * of a highlighted step coloured by their part in it. */
  drawMarks(k, marks, side, alphabet, hl) {
    const box = this.markBoxes[k];
    const kinds = (marks ?? []).map((v) => hl.candidates.get(`${k}:${v}`) ?? "");
    const key = marks && marks.length ? `${side}/${alphabet}/${marks.join(",")}/${kinds.join(",")}` : "";
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    box.replaceChildren();
    if (!key) return;
    box.style.setProperty("--side", side);
    marks.forEach((v, i) => {
      const span = document.createElement("span");
      span.textContent = symbolOf(v, alphabet);
      span.style.gridRow = String(Math.floor((v - 1) / side) + 1);
      span.style.gridColumn = String(((v - 1) % side) + 1);
      if (kinds[i]) span.className = kinds[i];
      box.appendChild(span);
    });
  }

  select(k, focus = true) {
    const old = this.cells[this.selected];
    if (old) {
      old.tabIndex = -1;
      old.classList.remove("selected");
    }
    this.selected = k;
    const el = this.cells[k];
    el.tabIndex = 0;
    el.classList.add("selected");
    if (focus) el.focus({ preventScroll: false });
  }

  /** Puts `value` into the selected cell (what the keypad does). */
  enter(value) {
    if (!this.state) return;
    this.handlers.onEdit(this.selected, value);
    this.cells[this.selected]?.focus();
  }

  key(e) {
    if (!this.state || e.ctrlKey || e.metaKey || e.altKey) return;
    const n = this.state.size;
    const r = Math.floor(this.selected / n);
    const c = this.selected % n;
    const moves = {
      ArrowUp: [(r + n - 1) % n, c],
      ArrowDown: [(r + 1) % n, c],
      ArrowLeft: [r, (c + n - 1) % n],
      ArrowRight: [r, (c + 1) % n],
      Home: [r, 0],
      End: [r, n - 1],
    };
    if (moves[e.key]) {
      e.preventDefault();
      const [r2, c2] = moves[e.key];
      this.select(r2 * n + c2);
      return;
    }
    if (["Backspace", "Delete", " ", "."].includes(e.key) || (e.key === "0" && this.state.alphabet !== "zero-based" && this.state.alphabet !== "numbers")) {
      e.preventDefault();
      this.handlers.onEdit(this.selected, 0);
      return;
    }
    let value = valueOfKey(e.key, this.state.alphabet, n);
    if (this.state.alphabet === "numbers" && value !== null) {
      // Numbers above 9 are typed digit by digit.
      const now = performance.now();
      const text = now - this.typed.at < 900 ? this.typed.text + e.key : e.key;
      this.typed = { text, at: now };
      value = Number(text) <= n ? Number(text) : value;
    }
    if (value !== null && value > 0) {
      e.preventDefault();
      this.handlers.onEdit(this.selected, value);
    }
  }

  cellAt(x, y) {
    const el = document.elementFromPoint(x, y)?.closest?.("[data-cell]");
    return el && this.root.contains(el) ? Number(el.dataset.cell) : null;
  }

  pointerDown(e) {
    const el = e.target.closest?.("[data-cell]");
    if (!el || !this.state) return;
    const k = Number(el.dataset.cell);
    this.select(k);
    if (this.state.paint) {
      e.preventDefault();
      this.painting = true;
      this.root.setPointerCapture?.(e.pointerId);
      this.handlers.onPaint(k);
    }
  }

  pointerMove(e) {
    if (!this.painting) return;
    const k = this.cellAt(e.clientX, e.clientY);
    if (k !== null) this.handlers.onPaint(k);
  }

  pointerUp() {
    if (!this.painting) return;
    this.painting = false;
    this.handlers.onPaintEnd();
  }
}
