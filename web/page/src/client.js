// Runs searches in a Web Worker. Cancelling ends the worker at once (a search in WebAssembly
// cannot be interrupted from outside) and starts a fresh one, ready for the next search.

export class SearchClient {
  constructor() {
    this.nextId = 1;
    this.current = null;
    this.spawn();
  }

  spawn() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      const current = this.current;
      this.current = null;
      this.worker.terminate();
      this.spawn();
      current?.onDone({ state: "error", error: { message: `the search stopped: ${event.message || "worker error"}`, field: "request" } });
    };
  }

  /** Starts a search; `onProgress(answer)` and `onDone(answer)` hear from it. */
  start(kind, request, { onProgress, onDone }) {
    if (this.current) this.cancel();
    const id = this.nextId++;
    this.current = { id, onProgress, onDone };
    this.worker.postMessage({ id, kind, request });
  }

  get busy() {
    return this.current !== null;
  }

  /** Stops the search under way; `true` if there was one. */
  cancel() {
    if (!this.current) return false;
    this.current = null;
    this.worker.terminate();
    this.spawn();
    return true;
  }

  receive(message) {
    const current = this.current;
    if (!current || message.id !== current.id) return;
    if (message.type === "progress") {
      current.onProgress?.(message.answer);
    } else {
      this.current = null;
      current.onDone(message.answer);
    }
  }
}
