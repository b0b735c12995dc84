// The exact-cover playground: Knuth's format or a classic model, counted or listed in a worker,
// each solution drawn as a picture.

import { regionColour } from "./board.js";
import { describeError, formatCount, formatMs } from "./format.js";

const KNUTH_EXAMPLE = `| Knuth's example from "Dancing links", with two secondary items
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
`;

const PIECES_EXAMPLE = `| each piece drawn with its own letter; any letters, spaces between pieces
AAA  BB
     BB
`;

/** The most solutions drawn on the page (the count and statistics cover them all). */
const MAX_DRAWN = 500;

export class CoverSection {
  constructor(client) {
    this.client = client;
    this.$ = (id) => document.getElementById(id);
    this.drawn = 0;
    this.model = null;
    const $ = this.$;
    $("cover-text").value = KNUTH_EXAMPLE;
    $("poly-custom").value = PIECES_EXAMPLE;
    $("cover-source").addEventListener("change", () => this.showInputs());
    $("cover-mode").addEventListener("change", () => this.showInputs());
    $("poly-pieces").addEventListener("change", () => this.showInputs());
    $("cover-run").addEventListener("click", () => this.run());
    $("cover-cancel").addEventListener("click", () => this.cancel());
    this.showInputs();
  }

  showInputs() {
    const $ = this.$;
    const source = $("cover-source").value;
    for (const el of document.querySelectorAll(".cover-inputs [data-source]")) el.hidden = el.dataset.source !== source;
    $("cover-first-label").hidden = $("cover-mode").value !== "list";
    $("poly-custom").hidden = $("poly-pieces").value !== "custom";
  }

  source() {
    const $ = this.$;
    switch ($("cover-source").value) {
      case "queens":
        return { queens: { n: Number($("queens-n").value), order: $("queens-order").value } };
      case "langford":
        return { langford: { n: Number($("langford-n").value) } };
      case "polyomino": {
        const pieces = $("poly-pieces").value === "custom" ? $("poly-custom").value : $("poly-pieces").value;
        const restrict = $("poly-restrict").value.trim();
        return { polyomino: { board: $("poly-board").value, pieces: [pieces], restrict: restrict || null } };
      }
      default:
        return { knuth: $("cover-text").value };
    }
  }

  run() {
    const $ = this.$;
    const mode = $("cover-mode").value;
    const request = { source: this.source(), mode, engine: $("cover-engine").value };
    if (mode === "list") request.first = Math.max(1, Math.min(10000, Math.floor(Number($("cover-first").value) || 10)));
    $("cover-error").textContent = "";
    $("cover-solutions").replaceChildren();
    $("cover-stats").textContent = "";
    $("cover-status").textContent = mode === "count" ? "counting…" : "searching…";
    $("cover-cancel").disabled = false;
    this.drawn = 0;
    this.found = 0;
    this.progress = null;
    const start = performance.now();
    this.client.start("cover", request, {
      onProgress: (answer) => {
        const ms = performance.now() - start;
        this.progress = answer;
        this.add(answer);
        $("cover-status").textContent = `${mode === "count" ? "counting" : "searching"}… ${formatCount(answer.stats.solutions)} solutions so far, ${formatCount(answer.stats.nodes)} nodes, ${formatMs(ms)}`;
      },
      onDone: (answer) => this.done(answer, performance.now() - start),
    });
  }

  add(answer) {
    const list = this.$("cover-solutions");
    for (const picture of answer.found ?? []) {
      this.found++;
      if (this.drawn >= MAX_DRAWN) continue;
      list.appendChild(draw(answer.model, picture, this.found));
      this.drawn++;
    }
  }

  done(answer, ms) {
    const $ = this.$;
    $("cover-cancel").disabled = true;
    if (answer.state === "error") {
      $("cover-error").textContent = describeError(answer.error);
      $("cover-status").textContent = "invalid problem";
      return;
    }
    this.add(answer);
    const s = answer.stats;
    const warnings = answer.warnings?.length ? ` · ${answer.warnings.join("; ")}` : "";
    $("cover-stats").textContent = `${formatMs(ms)} · ${answer.engine === "cells" ? "dancing cells" : "dancing links"} · solutions ${formatCount(s.solutions)} · nodes ${formatCount(s.nodes)} · updates ${formatCount(s.updates)} · ${formatCount(answer.items)} items, ${formatCount(answer.options)} options${warnings}`;
    const more = answer.complete ? "" : " (there may be more)";
    const shown = this.found > this.drawn ? `, the first ${this.drawn} drawn` : "";
    $("cover-status").textContent = `${formatCount(s.solutions)} solution${s.solutions === 1 ? "" : "s"}${more}${shown}${s.solutions === 0 ? ": no solution" : ""}`;
  }

  cancel() {
    const progress = this.progress;
    if (!this.client.cancel()) return;
    this.$("cover-cancel").disabled = true;
    this.$("cover-status").textContent = `cancelled${progress ? ` (${formatCount(progress.stats.solutions)} solutions found so far)` : ""}`;
  }
}

/** One solution as its model draws it. */
function draw(model, picture, index) {
  const figure = document.createElement("figure");
  figure.className = `solution ${model}`;
  const caption = document.createElement("figcaption");
  caption.textContent = `#${index}`;
  const rows = picture.replace(/\n$/, "").split("\n");
  let body;
  if (model === "queens" || model === "polyomino") {
    body = document.createElement("div");
    body.className = "picture";
    const width = Math.max(...rows.map((r) => [...r].length));
    body.style.setProperty("--cols", String(width));
    const letters = [...new Set([...picture].filter((ch) => /[^\s.]/.test(ch)))];
    rows.forEach((row, r) => {
      const chars = [...row.padEnd(width, " ")];
      chars.forEach((ch, c) => {
        const cell = document.createElement("span");
        if (model === "queens") {
          cell.className = (r + c) % 2 ? "dark" : "light";
          cell.textContent = ch === "Q" ? "♛" : "";
        } else if (ch !== "." && ch !== " ") {
          cell.style.background = regionColour(letters.indexOf(ch), letters.length);
          cell.textContent = ch;
          // Borders between pieces, so that each piece reads as one shape.
          const at = (rr, cc) => [...(rows[rr] ?? "")][cc];
          cell.classList.toggle("wt", at(r - 1, c) !== ch);
          cell.classList.toggle("wb", at(r + 1, c) !== ch);
          cell.classList.toggle("wl", chars[c - 1] !== ch);
          cell.classList.toggle("wr", chars[c + 1] !== ch);
        } else {
          cell.className = "hole";
        }
        body.appendChild(cell);
      });
    });
  } else if (model === "langford") {
    body = document.createElement("div");
    body.className = "sequence";
    for (const number of picture.trim().split(/\s+/)) {
      const cell = document.createElement("span");
      cell.textContent = number;
      body.appendChild(cell);
    }
  } else {
    body = document.createElement("pre");
    body.textContent = picture;
  }
  figure.append(caption, body);
  return figure;
}
