// The processor time ISS takes per puzzle, for dlx-bench's variants group.
//
//   node iss_cpu.mjs ISS_DIR PUZZLES REPEAT
//
// PUZZLES holds one `name<TAB>puzzle string` per line. Each puzzle is solved REPEAT times in a row in
// this one process, as ISS's own benchmark tool does with --repeat: parsed, built and searched to a
// second solution (the proof of uniqueness). Each solve is timed by the processor time of the whole
// process (user + system, every thread: the JIT compiler and the garbage collector count) and by the
// wall time of the search alone. One line per puzzle on stdout:
//
//   name<TAB>solutions<TAB>cpu ms (median)<TAB>search ms (median)
//
// Node's start and the loading of ISS's modules are left out: they happen once per process.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [issDir, puzzleFile, repeatText] = process.argv.slice(2);
const repeat = Number(repeatText);
if (!issDir || !puzzleFile || !Number.isInteger(repeat) || repeat < 1) {
  console.error('usage: node iss_cpu.mjs ISS_DIR PUZZLES REPEAT');
  process.exit(2);
}

// ISS's modules are written for a browser worker: they read `self` and append `self.VERSION_PARAM`
// to their imports.
globalThis.self ??= globalThis;
globalThis.VERSION_PARAM ??= '';

const load = (path) => import(pathToFileURL(join(resolve(issDir), path)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

for (const line of readFileSync(puzzleFile, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const tab = line.indexOf('\t');
  const name = line.slice(0, tab);
  const input = line.slice(tab + 1);
  const cpu = [];
  const search = [];
  let solutions = 0;
  for (let k = 0; k < repeat; k++) {
    const cpuStart = cpuMs();
    const constraint = SudokuParser.parseText(input);
    const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
    const searchStart = performance.now();
    solutions = solver.countSolutions(2);
    search.push(performance.now() - searchStart);
    cpu.push(cpuMs() - cpuStart);
  }
  console.log(`${name}\t${solutions}\t${median(cpu).toFixed(3)}\t${median(search).toFixed(3)}`);
}
