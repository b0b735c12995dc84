// The page: loads the WebAssembly module for the main thread (reading and writing puzzles)
// and hands the searches to Web Workers, one for each section.

import init, * as dlx from "../pkg/dlx_wasm.js";
import { SearchClient } from "./client.js";
import { CoverSection } from "./playground.js";
import { SudokuSection } from "./sudoku.js";

async function start() {
  try {
    await init();
  } catch (error) {
    document.getElementById("status").textContent = `the solver could not be loaded: ${error}`;
    return;
  }
  window.dlxPage = {
    sudoku: new SudokuSection(dlx, new SearchClient()),
    cover: new CoverSection(new SearchClient()),
  };
  document.body.dataset.ready = "true";
}

start();
