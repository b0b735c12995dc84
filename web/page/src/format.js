// Words and numbers as the page prints them.

const FIELDS = { text: "puzzle", regions: "layout", options: "options", board: "board", pieces: "pieces", request: "request", n: "N", order: "order" };

/** `line 3, column 7: what was expected` (with the input it is about when not the main one). */
export function describeError(error) {
  const where = error.line ? `line ${error.line}${error.column ? `, column ${error.column}` : ""}: ` : "";
  const what = error.field && error.field !== "text" ? `${FIELDS[error.field] ?? error.field}: ` : "";
  return `${what}${where}${error.message}`;
}

export function formatCount(n) {
  return Number(n).toLocaleString("en-US");
}

export function formatMs(ms) {
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
  return `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
}
