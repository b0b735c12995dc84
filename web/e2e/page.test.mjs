// End-to-end test of the page in real headless Chromium (the system's /usr/bin/chromium, driven
// by playwright-core): starts `dlx serve` on a free port, solves, checks, counts and cancels as a
// user would, and saves screenshots at desktop and phone width.
//
// Environment: DLX_BIN (default target/debug/dlx), DLX_WEB_DIST (default web/page, its module built by
// web/build.sh), CHROMIUM (default /usr/bin/chromium), DLX_SCREENSHOTS (default
// target/screenshots).

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const data = join(root, "crates/dlx-puzzles/tests/data");
const dlx = process.env.DLX_BIN ?? join(root, "target/debug/dlx");
const dist = process.env.DLX_WEB_DIST ?? join(root, "web/page");
const shots = process.env.DLX_SCREENSHOTS ?? join(root, "target/screenshots");

const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// Puzzles from the repository's test data.
const lines = (file) => readFileSync(join(data, file), "utf8").split("\n");
const PUZZLE17 = lines("17_clue.txt").find((l) => l.length === 81);
const SIXTEEN = lines("poj3076_two_cases.txt").slice(0, 16).join("\n") + "\n";
// The first puzzle Sudoku Explainer rated, with its ER/EP/ED.
const [RATED, RATING] = lines("se_rated.txt").find((l) => /^[.\d]{81}\t/.test(l)).split("\t");
const JIGSAW = lines("jigsaw.tsv")
  .filter((l) => !l.startsWith("#") && l.includes("\t"))
  .map((l) => l.split("\t"))[0];

let server;
let context;
let page;
let url;
let userData;
const figures = {};

before(async () => {
  server = spawn(dlx, ["serve", "--port", "0", "--dir", dist], { stdio: ["ignore", "pipe", "inherit"] });
  url = await new Promise((ok, fail) => {
    let text = "";
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(text);
      if (match) ok(match[0]);
    });
    server.on("exit", (code) => fail(new Error(`dlx serve exited with ${code}`)));
  });
  userData = mkdtempSync(join(tmpdir(), "dlx-chromium-"));
  context = await chromium.launchPersistentContext(userData, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(url);
  await page.waitForSelector("body[data-ready]", { timeout: 15000 });
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await context?.close();
  server?.kill();
  if (userData) rmSync(userData, { recursive: true, force: true });
  console.log(`figures: ${JSON.stringify(figures)}`);
});

async function boardTexts() {
  return page.$$eval("#board [data-cell]", (cells) => cells.map((c) => c.textContent));
}

async function paste(text) {
  await page.fill("#puzzle", text);
  // The page reads the text shortly after the last keystroke; wait until the board shows it.
  const givens = [...text].filter((ch) => /[0-9A-Za-z]/.test(ch) && ch !== "0").length;
  await page.waitForFunction(
    (expected) => [...document.querySelectorAll("#board [data-cell]")].filter((c) => c.textContent).length >= expected,
    Math.min(givens, 1),
  );
  await page.waitForTimeout(80);
}

/** Clicks `#solve` and resolves with the milliseconds until every cell of the board is filled. */
async function solveTimed() {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const cells = () => [...document.querySelectorAll("#board [data-cell]")];
        const board = document.getElementById("board");
        const observer = new MutationObserver(() => {
          if (cells().every((c) => c.textContent !== "")) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        });
        observer.observe(board, { subtree: true, childList: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`not solved: ${document.getElementById("status").textContent}`));
        }, 10000);
        const start = performance.now();
        document.getElementById("solve").click();
      }),
  );
}

/** Clicks `#cancel` and resolves with the milliseconds until the status line says `cancelled`. */
async function cancelLatency() {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const status = document.getElementById("status");
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (/cancelled/.test(status.textContent)) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        });
        observer.observe(status, { subtree: true, childList: true, characterData: true });
        document.getElementById("cancel").click();
      }),
  );
}

/** Checks that `grid` (n² symbols) is a solution: every row, column and region holds n
 * different symbols, and the givens are kept. */
function assertSolution(grid, givens, regionOf) {
  const n = Math.round(Math.sqrt(grid.length));
  assert.equal(grid.length, n * n);
  const houses = new Map();
  grid.forEach((symbol, k) => {
    assert.notEqual(symbol, "", `cell ${k} is empty`);
    for (const key of [`r${Math.floor(k / n)}`, `c${k % n}`, `g${regionOf(k)}`]) {
      if (!houses.has(key)) houses.set(key, new Set());
      houses.get(key).add(symbol);
    }
  });
  for (const [key, symbols] of houses) assert.equal(symbols.size, n, `house ${key}`);
  givens.forEach((g, k) => {
    if (g) assert.equal(grid[k], g, `given at ${k}`);
  });
}

const boxes = (n, r, c) => (k) => Math.floor(Math.floor(k / n) / r) * (n / c) + Math.floor((k % n) / c);
const cellsOf = (text) => [...text.replace(/\s/g, "")].map((ch) => (/[.\-_*0]/.test(ch) ? "" : ch.toUpperCase()));

test("a 17-clue 9x9 is on the board within 50 ms of the click", async () => {
  await paste(PUZZLE17);
  const times = [];
  for (let run = 0; run < 5; run++) {
    if (run > 0) await page.click("#clear");
    times.push(await solveTimed());
    assertSolution(await boardTexts(), cellsOf(PUZZLE17), boxes(9, 3, 3));
  }
  assert.match(await page.textContent("#status"), /solved/);
  figures.solve9 = times.map((t) => Math.round(t * 10) / 10);
  const sorted = [...times].sort((a, b) => a - b);
  assert.ok(sorted[2] <= 50, `median ${sorted[2]} ms (runs: ${times})`);
  await page.screenshot({ path: join(shots, "desktop-9x9.png"), fullPage: true });
});

test("a 16x16 in letters and a jigsaw are solved", async () => {
  await paste(SIXTEEN);
  const t16 = await solveTimed();
  assertSolution(await boardTexts(), cellsOf(SIXTEEN), boxes(16, 4, 4));
  figures.solve16 = Math.round(t16 * 10) / 10;
  await page.screenshot({ path: join(shots, "desktop-16x16.png"), fullPage: true });

  const [, , givens, layout] = JIGSAW;
  await paste(`${givens}\n${layout}\n`);
  const tj = await solveTimed();
  assertSolution(await boardTexts(), cellsOf(givens), (k) => layout[k]);
  figures.solveJigsaw = Math.round(tj * 10) / 10;
  await page.screenshot({ path: join(shots, "desktop-jigsaw.png"), fullPage: true });
});

test("no solution, a check and an error with its line and column", async () => {
  const none = "1 2 3 .\n3 4 . .\n. . . .\n. . . 4\n";
  await paste(none);
  await page.click("#solve");
  await page.waitForFunction(() => /no solution/.test(document.getElementById("status").textContent));
  const texts = await boardTexts();
  assert.equal(texts.filter((t) => t !== "").length, 6);
  await page.click("#check");
  await page.waitForFunction(() => /^none/.test(document.getElementById("status").textContent));

  await paste(PUZZLE17);
  await page.click("#check");
  await page.waitForFunction(() => /^unique/.test(document.getElementById("status").textContent));
  await paste(".".repeat(16));
  await page.click("#check");
  await page.waitForFunction(() => /^multiple/.test(document.getElementById("status").textContent));

  await page.fill("#puzzle", "1234\n34x2\n2143\n4321\n");
  await page.waitForFunction(() => /line 2, column 3/.test(document.getElementById("input-error").textContent));
  await page.fill("#puzzle", `44${PUZZLE17.slice(2)}`);
  await page.waitForFunction(() => /given twice/.test(document.getElementById("input-error").textContent));
  assert.equal(await page.locator("#board .wrong").count(), 2);
});

test("a count of the empty grid shows progress, keeps the page responsive and cancels within 200 ms", async () => {
  await paste(".".repeat(81));
  await page.fill("#limit", "1000000000000");
  await page.click("#count");
  await page.waitForFunction(() => /counting… [\d,]+ solutions so far/.test(document.getElementById("status").textContent), null, { timeout: 5000 });
  // The page goes on while the worker counts: a timer keeps its pace, and typing arrives.
  const ticks = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let n = 0;
        const timer = setInterval(() => n++, 10);
        setTimeout(() => {
          clearInterval(timer);
          resolve(n);
        }, 500);
      }),
  );
  assert.ok(ticks >= 35, `only ${ticks} timer ticks of 10 ms in 500 ms`);
  await page.fill("#cover-text", "A B\nA\nB\n");
  assert.equal(await page.inputValue("#cover-text"), "A B\nA\nB\n");
  const progress = await page.textContent("#status");
  await page.waitForTimeout(300);
  assert.notEqual(await page.textContent("#status"), progress, "the progress line moves");
  const latency = await cancelLatency();
  figures.cancel = Math.round(latency * 10) / 10;
  figures.timerTicks = ticks;
  assert.ok(latency <= 200, `cancelled after ${latency} ms`);

  // A fresh worker solves the next puzzle.
  await paste(PUZZLE17);
  const t = await solveTimed();
  assertSolution(await boardTexts(), cellsOf(PUZZLE17), boxes(9, 3, 3));
  figures.solveAfterCancel = Math.round(t * 10) / 10;
});

test("keyboard entry and arrow keys write the puzzle text", async () => {
  await page.selectOption("#size", "4");
  await page.click('#board [data-cell="0"]');
  await page.keyboard.press("3");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("1");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("2");
  await page.waitForFunction(() => document.getElementById("puzzle").value.startsWith("3.1."));
  const texts = await boardTexts();
  assert.deepEqual([texts[0], texts[2], texts[6]], ["3", "1", "2"]);
  await page.keyboard.press("Backspace");
  await page.waitForFunction(() => document.querySelector('#board [data-cell="6"]').textContent === "");
});

test("jigsaw regions are painted by dragging", async () => {
  await page.selectOption("#size", "4");
  await page.check("#jigsaw");
  await page.click("#palette button:nth-child(2)");
  const box = async (k) => (await page.locator(`#board [data-cell="${k}"]`).boundingBox());
  const from = await box(0);
  const to = await box(1);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
  await page.mouse.up();
  assert.equal((await page.inputValue("#layout")).split("\n")[0], "2222");
  // Two cells moved from region 1 to region 2: 2 and 6 cells, an error named beside the text.
  await page.waitForFunction(() => /region/.test(document.getElementById("input-error").textContent));
  await page.fill("#layout", "1122\n1122\n3344\n3344\n");
  await page.waitForFunction(() => document.getElementById("input-error").textContent === "");
  await page.click("#count");
  await page.waitForFunction(() => /^288 solutions/.test(document.getElementById("status").textContent));
  await page.screenshot({ path: join(shots, "desktop-jigsaw-paint.png"), fullPage: true });
  await page.uncheck("#jigsaw");
});

test("the exact-cover playground counts and draws", async () => {
  await page.selectOption("#cover-source", "queens");
  await page.selectOption("#cover-mode", "count");
  await page.click("#cover-run");
  await page.waitForFunction(() => /^92 solutions/.test(document.getElementById("cover-status").textContent));
  assert.match(await page.textContent("#cover-stats"), /dancing cells · solutions 92/);
  await page.selectOption("#cover-engine", "dlx");
  await page.click("#cover-run");
  await page.waitForFunction(() => /dancing links/.test(document.getElementById("cover-stats").textContent));
  assert.match(await page.textContent("#cover-stats"), /nodes 1,049 · updates 16,680/);
  await page.selectOption("#cover-engine", "auto");
  await page.selectOption("#cover-mode", "list");
  await page.fill("#cover-first", "4");
  await page.click("#cover-run");
  await page.waitForFunction(() => document.querySelectorAll("#cover-solutions figure").length === 4);
  await page.selectOption("#cover-source", "knuth");
  await page.fill("#cover-text", "A B\nA Q\n");
  await page.click("#cover-run");
  await page.waitForFunction(() => /line 2, column 3/.test(document.getElementById("cover-error").textContent));
  await page.selectOption("#cover-source", "polyomino");
  await page.fill("#poly-board", "3x20");
  await page.fill("#poly-restrict", "");
  await page.fill("#cover-first", "2");
  await page.click("#cover-run");
  await page.waitForFunction(() => document.querySelectorAll("#cover-solutions figure").length === 2, null, { timeout: 20000 });
  await page.locator("#cover").screenshot({ path: join(shots, "desktop-cover.png") });
});

/** Clicks `#id` and waits until the status line matches `pattern`; its text. */
async function clickFor(id, pattern, timeout = 20000) {
  await page.click(`#${id}`);
  await page.waitForFunction((source) => new RegExp(source).test(document.getElementById("status").textContent), pattern.source, { timeout });
  return page.textContent("#status");
}

test("a hint on a 17-clue puzzle places or removes what the solution says", async () => {
  await paste(PUZZLE17);
  await clickFor("hint", /^hint: /);
  const step = await page.evaluate(() => window.dlxPage.sudoku.logic.hint);
  assert.ok(step.placements.length + step.eliminations.length > 0, JSON.stringify(step));
  assert.ok((await page.textContent("#step")).includes(step.text));
  // The pattern and the step's candidates are marked on the board.
  assert.ok((await page.locator("#board .hl-pattern, #board .hl-place").count()) > 0);
  const shown = await page.locator("#board .mk .place, #board .mk .elim").count();
  assert.equal(shown, step.placements.length + step.eliminations.length);
  await page.screenshot({ path: join(shots, "desktop-hint.png"), fullPage: true });
  await page.click("#apply");
  await page.waitForFunction(() => /^applied/.test(document.getElementById("status").textContent));
  await solveTimed();
  const solution = await boardTexts();
  for (const [cell, value] of step.placements) assert.equal(solution[cell], String(value), `placed at ${cell}`);
  for (const [cell, value] of step.eliminations) assert.notEqual(solution[cell], String(value), `removed at ${cell}`);
  // Hints applied one after another reach the solution: each goes on from the ones before, the
  // candidates they removed included.
  let hints = 1;
  for (;;) {
    const status = await clickFor("hint", /^(hint: |solved|no hint)/);
    if (!status.startsWith("hint: ")) {
      assert.match(status, /^solved/);
      break;
    }
    const next = await page.evaluate(() => window.dlxPage.sudoku.logic.hint);
    for (const [cell, value] of next.placements) assert.equal(solution[cell], String(value), `hint ${hints} placed at ${cell}`);
    for (const [cell, value] of next.eliminations) assert.notEqual(solution[cell], String(value), `hint ${hints} removed at ${cell}`);
    await page.click("#apply");
    await page.waitForFunction(() => /^applied/.test(document.getElementById("status").textContent));
    assert.ok(++hints < 400, "hints do not reach the solution");
  }
  assert.deepEqual(cellsOf(await page.inputValue("#puzzle")), solution);
  figures.hintsTo17Solution = hints;
});

test("explain reaches the solution, and rate gives Sudoku Explainer's figures", async () => {
  await paste(RATED);
  const status = await clickFor("explain", /^(explained|stopped)/);
  assert.match(status, /^explained: \d+ steps to the solution/);
  const steps = await page.locator("#steps li").count();
  assert.ok(steps > 10, `${steps} steps`);
  await page.click(`#steps [data-step="${steps - 1}"]`);
  assert.match(await page.textContent("#step"), new RegExp(`^Step ${steps}\\. `));
  // The grid before the last step has one cell left at most.
  const empty = (await boardTexts()).filter((t) => t === "").length;
  assert.ok(empty <= 1, `${empty} cells empty before the last step`);
  await page.screenshot({ path: join(shots, "desktop-explain.png"), fullPage: true });
  const rated = await clickFor("rate", /^rated /);
  assert.equal(rated.split(" ")[1], RATING);
});

test("generate makes puzzles that check unique", async () => {
  await page.selectOption("#size", "9");
  await page.selectOption("#gen-symmetry", "rot180");
  await page.fill("#gen-seed", "");
  await clickFor("generate", /^generated: \d+ givens/);
  assert.match(await page.textContent("#stats"), /seed \d+/);
  assert.equal(await clickFor("check", /^(unique|multiple|none)/).then((t) => t.split(":")[0]), "unique");
  const givens = (await boardTexts()).map((t) => t !== "");
  for (let k = 0; k < 81; k++) assert.equal(givens[k], givens[80 - k], `symmetry at ${k}`);
  // A random jigsaw layout, and a difficulty range, on 6x6 and 9x9.
  await page.check("#gen-jigsaw");
  await clickFor("generate", /^generated/);
  assert.match(await page.inputValue("#puzzle"), /^[.1-9]{81}\s+\S{81}\s*$/);
  assert.equal((await clickFor("check", /^(unique|multiple|none)/)).split(":")[0], "unique");
  await page.uncheck("#gen-jigsaw");
  await page.selectOption("#gen-difficulty", "1");
  const made = await clickFor("generate", /^generated/);
  const er = Number(/ER (\d+\.\d)/.exec(made)[1]);
  assert.ok(er >= 1.0 && er <= 2.0, made);
  await page.screenshot({ path: join(shots, "desktop-generated.png"), fullPage: true });

  // A minimal 25x25 puzzle takes long to make: the progress line is up, and Cancel stops it at
  // once.
  await page.selectOption("#gen-difficulty", "0");
  await page.selectOption("#size", "25");
  await page.check("#gen-minimal");
  await page.click("#generate");
  await page.waitForTimeout(300);
  assert.match(await page.textContent("#status"), /^generating…/);
  const latency = await cancelLatency();
  figures.cancelGenerate = Math.round(latency * 10) / 10;
  assert.ok(latency <= 200, `cancelled after ${latency} ms`);
  await page.uncheck("#gen-minimal");
  await page.selectOption("#size", "9");
});

test("a pasted Simple Sudoku frame is kept when the board writes the puzzle", async () => {
  const rows = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((r) => PUZZLE17.slice(r * 9, r * 9 + 9));
  const framed = (row) => `|${row.slice(0, 3)}|${row.slice(3, 6)}|${row.slice(6)}|`;
  const band = (b) => rows.slice(b * 3, b * 3 + 3).map(framed).join("\n");
  const star = `*-----------*\n${band(0)}\n|---+---+---|\n${band(1)}\n|---+---+---|\n${band(2)}\n*-----------*\n`;
  await paste(star);
  await solveTimed();
  assert.equal(await page.inputValue("#puzzle"), star);
  // Typing a value writes the text again: in its frame.
  const empty = [...PUZZLE17].indexOf(".");
  await page.click("#clear");
  await page.click(`#board [data-cell="${empty}"]`);
  await page.keyboard.press("5");
  await page.waitForFunction((before) => document.getElementById("puzzle").value !== before, star);
  const text = await page.inputValue("#puzzle");
  assert.ok(text.startsWith("*-----------*\n|"), text);
  assert.equal(text.split("\n").filter((l) => l === "|---+---+---|").length, 2, text);
  assert.equal(text.replace(/[^.1-9]/g, "")[empty], "5");
});

test("at phone width the board and the buttons fit", async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await paste(PUZZLE17);
  await page.check("#marks");
  await page.screenshot({ path: join(shots, "phone-9x9-marks.png"), fullPage: true });
  await solveTimed();
  const board = await page.locator("#board").boundingBox();
  assert.ok(board.x >= 0 && board.x + board.width <= 390, `board at ${board.x}..${board.x + board.width}`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide`);
  for (const id of ["solve", "check", "count", "cancel", "hint", "explain", "rate", "generate"]) {
    const b = await page.locator(`#${id}`).boundingBox();
    assert.ok(b.x + b.width <= 390, `#${id} is cut off`);
  }
  await page.screenshot({ path: join(shots, "phone-9x9.png"), fullPage: true });
  await clickFor("hint", /^hint: /);
  await page.screenshot({ path: join(shots, "phone-9x9-hint.png"), fullPage: true });
  const logic = await page.locator(".buttons.generate").boundingBox();
  assert.ok(logic.x + logic.width <= 390, "the generate controls are cut off");
  await paste(SIXTEEN);
  await solveTimed();
  await page.screenshot({ path: join(shots, "phone-16x16.png"), fullPage: false });
  await page.uncheck("#marks");
  await page.setViewportSize({ width: 1280, height: 900 });
});
