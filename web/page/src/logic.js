// Hint, Explain, Rate and Generate: the logic solver and the generator of the library, run in
// the section's worker (Cancel ends it, as it ends a search). A shown step is drawn on the
// board by the section (its grid, its candidates and what it places and removes).

import { formatCount, formatMs } from "./format.js";

/** Difficulty choices: ranges of ER on Sudoku Explainer's scale. */
export const DIFFICULTIES = [
  { name: "any", range: null },
  { name: "easy (ER 1.0–2.0)", range: [1.0, 2.0] },
  { name: "medium (ER 2.1–4.0)", range: [2.1, 4.0] },
  { name: "hard (ER 4.1–6.5)", range: [4.1, 6.5] },
  { name: "expert (ER 6.6+)", range: [6.6, 20.0] },
];

const SYMMETRIES = ["none", "rot180", "rot90", "mirror", "diagonal"];

const VERDICT_WORDS = {
  multiple: "multiple: more than one solution, so no logical solution",
  none: "none: no solution, so no logical solution",
};

/** The values of a bit mask of candidates (bit v - 1 for v). */
function maskValues(mask, n) {
  const values = [];
  for (let v = 1; v <= n; v++) if (Math.floor(mask / 2 ** (v - 1)) % 2 === 1) values.push(v);
  return values;
}

/** A step with its candidate masks turned into lists, as the board draws them. */
function withMarks(step, n) {
  return { ...step, candidates: step.marks ? step.marks.map((m, k) => (step.values[k] ? [] : maskValues(m, n))) : null };
}

export class LogicPanel {
  /** `section` is the SudokuSection whose puzzle, board, status line and worker are used. */
  constructor(section) {
    this.section = section;
    this.$ = section.$;
    // Candidates removed by hints applied to the puzzle, valid while its text is `appliedTo`.
    this.eliminated = [];
    this.appliedTo = null;
    this.hint = null;
    this.steps = [];
    const $ = this.$;
    for (const s of SYMMETRIES) $("gen-symmetry").add(new Option(s, s, s === "rot180", s === "rot180"));
    DIFFICULTIES.forEach((d, i) => $("gen-difficulty").add(new Option(d.name, String(i))));
    $("hint").addEventListener("click", () => this.run("hint"));
    $("apply").addEventListener("click", () => this.apply());
    $("explain").addEventListener("click", () => this.run("explain"));
    $("rate").addEventListener("click", () => this.run("rate"));
    $("generate").addEventListener("click", () => this.generate());
    $("steps").addEventListener("click", (e) => {
      const item = e.target.closest?.("[data-step]");
      if (item) this.showStep(Number(item.dataset.step));
    });
  }

  /** Forgets what was shown: the text changed. */
  reset() {
    const text = this.$("puzzle").value;
    if (this.appliedTo !== text) {
      this.eliminated = [];
      this.appliedTo = null;
    }
    this.hint = null;
    this.$("apply").disabled = true;
    this.$("step").textContent = "";
    if (this.steps.length) {
      this.steps = [];
      this.$("steps").replaceChildren();
    }
  }

  /** Starts a job on the worker, with the Cancel button and a progress line. */
  start(kind, request, verb, { onProgress, onDone }) {
    const section = this.section;
    const start = performance.now();
    section.status(`${verb}…`);
    section.$("stats").textContent = "";
    section.$("cancel").disabled = false;
    section.running = { mode: kind, progress: null };
    section.client.start(kind, request, {
      onProgress: (answer) => {
        section.running.progress = answer;
        section.status(`${verb}… ${onProgress(answer)}, ${formatMs(performance.now() - start)}`);
      },
      onDone: (answer) => {
        section.$("cancel").disabled = true;
        section.running = null;
        const ms = performance.now() - start;
        if (answer.state === "error") {
          section.failed(answer.error);
          return;
        }
        onDone(answer, ms);
      },
    });
  }

  run(mode) {
    const section = this.section;
    const read = section.refresh();
    if (read.state !== "ok") {
      section.status("invalid puzzle");
      return;
    }
    section.solution = null;
    this.reset();
    const text = this.$("puzzle").value;
    const request = { text, options: section.options(), mode, eliminated: this.appliedTo === text ? this.eliminated : [] };
    const verb = { hint: "looking for a hint", explain: "explaining", rate: "rating" }[mode];
    const n = read.puzzle.size;
    const found = [];
    this.start("logic", request, verb, {
      onProgress: (answer) => {
        if (answer.phase === "check") return `checking for one solution, ${formatCount(answer.nodes)} guesses`;
        found.push(...(answer.found ?? []));
        return `${formatCount(found.length)} steps`;
      },
      onDone: (answer, ms) => {
        this.$("stats").textContent = formatMs(ms);
        if (answer.verdict !== "unique") {
          section.status(VERDICT_WORDS[answer.verdict] ?? answer.verdict);
          return;
        }
        if (mode === "hint") this.hinted(answer, n);
        else if (mode === "rate") section.status(`rated ${answer.text}`);
        else this.explained(found.concat(answer.found ?? []), answer, n);
      },
    });
  }

  hinted(answer, n) {
    const section = this.section;
    if (answer.solved) {
      section.status("solved: nothing left to hint");
      return;
    }
    if (!answer.step) {
      section.status(`no hint: no technique applies with ${answer.left} cells empty`);
      return;
    }
    this.hint = withMarks(answer.step, n);
    this.$("step").textContent = `${this.hint.text} (${this.hint.technique}, ${this.hint.difficulty.toFixed(1)})`;
    this.$("apply").disabled = false;
    section.showStep(this.hint);
    section.status(`hint: ${this.hint.technique}`);
  }

  /** Writes the shown hint into the puzzle: its values as givens, its removals kept for the
   * next hint. */
  apply() {
    const hint = this.hint;
    if (!hint) return;
    // Taken before the text is written again, which forgets what belonged to the old text.
    const kept = this.appliedTo === this.$("puzzle").value ? this.eliminated : [];
    const text = this.section.writeCells(hint.placements);
    if (text === null) return;
    this.eliminated = kept.concat(hint.eliminations);
    this.appliedTo = text;
    this.hint = null;
    this.$("apply").disabled = true;
    this.$("step").textContent = "";
    this.section.showStep(null);
    this.section.status(`applied: ${hint.placements.length} placed, ${hint.eliminations.length} removed`);
  }

  explained(steps, answer, n) {
    this.steps = steps.map((s) => withMarks(s, n));
    const list = this.$("steps");
    list.replaceChildren();
    this.steps.forEach((step, i) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.step = String(i);
      button.textContent = step.text;
      button.title = `${step.technique} (${step.difficulty.toFixed(1)}): show the grid at this step`;
      item.appendChild(button);
      list.appendChild(item);
    });
    const count = `${formatCount(steps.length)} step${steps.length === 1 ? "" : "s"}`;
    this.section.status(answer.solved ? `explained: ${count} to the solution` : `stopped after ${count}: no technique applies with ${answer.left} cells empty`);
  }

  showStep(i) {
    const step = this.steps[i];
    if (!step) return;
    for (const b of this.$("steps").querySelectorAll("button")) b.setAttribute("aria-current", String(b.dataset.step === String(i)));
    this.$("step").textContent = `Step ${i + 1}. ${step.text} (${step.technique}, ${step.difficulty.toFixed(1)})`;
    this.section.showStep(step);
  }

  generate() {
    const section = this.section;
    const $ = this.$;
    const difficulty = DIFFICULTIES[Number($("gen-difficulty").value)] ?? DIFFICULTIES[0];
    const typed = $("gen-seed").value.trim();
    if (typed && !/^\d{1,15}$/.test(typed)) {
      section.status("the seed is a whole number (up to 15 digits), or empty for a random one");
      return;
    }
    const seed = typed ? Number(typed) : Math.floor(Math.random() * 2 ** 32);
    const options = section.options();
    const request = {
      size: section.size,
      options,
      jigsaw: $("gen-jigsaw").checked && !options.regions,
      symmetry: $("gen-symmetry").value,
      minimal: $("gen-minimal").checked,
      rating: difficulty.range,
      seed,
    };
    if (request.jigsaw) options.boxes = null;
    this.start("generate", request, "generating", {
      onProgress: () => "",
      onDone: (answer, ms) => {
        section.showGenerated(answer.text);
        const rating = answer.rating ? `, ER ${answer.rating.er.toFixed(1)} (${answer.rating.hardest})` : "";
        section.status(`generated: ${answer.givens} givens${rating}`);
        $("stats").textContent = `${formatMs(ms)} · seed ${answer.seed} · ${formatCount(answer.attempts)} grid${answer.attempts === 1 ? "" : "s"} · ${formatCount(answer.checks)} checks`;
      },
    });
  }
}
