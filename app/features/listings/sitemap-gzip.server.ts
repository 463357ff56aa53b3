import { Worker } from "node:worker_threads";
import { createGzip } from "node:zlib";

/**
 * Gzips the sitemap files in a worker thread (decision 0008, amendment). The event loop only
 * builds the XML text and posts it; encoding it, deflating it and gathering the compressed
 * chunks all happen in the worker's own isolate, whose allocations and garbage collections never
 * pause the main thread. Each finished file comes back as one transferred ArrayBuffer (no copy).
 *
 * At 1 M listings the same work on the main thread (Buffer per slice, zlib's output chunks, the
 * final concat) drove ~1 200 scavenges and 185 mark-compacts per rebuild, the longest 10–23 ms
 * ("external memory pressure"), and the loop stalled 30–45 ms.
 *
 * The worker's source is plain CommonJS evaluated from a string, so it runs the same under tsx,
 * vitest and the bundled server build (no separate file to resolve).
 */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { createGzip } = require("node:zlib");
const files = new Map();
parentPort.on("message", (m) => {
  if (m.type === "open") {
    const gzip = createGzip();
    const file = { gzip, out: [], size: 0, bytes: 0 };
    gzip.on("data", (chunk) => { file.out.push(chunk); file.size += chunk.byteLength; });
    gzip.on("error", (error) => parentPort.postMessage({ type: "error", id: m.id, message: String(error) }));
    gzip.on("end", () => {
      const whole = new Uint8Array(file.size);
      let at = 0;
      for (const chunk of file.out) { whole.set(chunk, at); at += chunk.byteLength; }
      files.delete(m.id);
      parentPort.postMessage({ type: "done", id: m.id, gz: whole.buffer, bytes: file.bytes }, [whole.buffer]);
    });
    files.set(m.id, file);
  } else if (m.type === "write") {
    const file = files.get(m.id);
    const piece = Buffer.from(m.text);
    file.bytes += piece.byteLength;
    file.gzip.write(piece);
  } else if (m.type === "end") {
    files.get(m.id).gzip.end();
  }
});
`;

export interface GzippedText {
  gz: Buffer;
  /** Length of the text itself, UTF-8. */
  bytes: number;
}

/** Where sitemap files are gzipped: open a file, write text to it, get its gzip back. */
export interface GzipSink {
  open(): { write(text: string): void; end(): Promise<GzippedText> };
}

/**
 * Gzips in the calling thread: for the rebuild that already runs in its own worker thread
 * (PostgreSQL, sitemap-build.worker.ts), where a second hop would only copy the text again.
 */
export const inThreadGzip: GzipSink = {
  open() {
    const gzip = createGzip();
    const out: Buffer[] = [];
    let bytes = 0;
    gzip.on("data", (chunk: Buffer) => out.push(chunk));
    const done = new Promise<GzippedText>((resolve, reject) => {
      gzip.once("error", reject);
      gzip.once("end", () => resolve({ gz: Buffer.concat(out), bytes }));
    });
    done.catch(() => {}); // reported by `end()`'s promise
    return {
      write(text) {
        const piece = Buffer.from(text);
        bytes += piece.byteLength;
        gzip.write(piece);
      },
      end() {
        gzip.end();
        return done;
      },
    };
  },
};

/** One worker for one rebuild: open files, write text to them, get each file's gzip back. */
export class GzipWorker implements GzipSink {
  private readonly worker = new Worker(WORKER_SOURCE, { eval: true });
  private readonly pending = new Map<number, { resolve: (r: GzippedText) => void; reject: (e: Error) => void }>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor() {
    this.worker.on("message", (m: { type: "done"; id: number; gz: ArrayBuffer; bytes: number } | { type: "error"; id: number; message: string }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.type === "done") p.resolve({ gz: Buffer.from(m.gz), bytes: m.bytes });
      else p.reject(new Error(m.message));
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`Sitemap gzip worker exited (${code})`)));
  }

  /** A new file; `write` queues text (copied to the worker), `end` resolves with its gzip. */
  open(): { write(text: string): void; end(): Promise<GzippedText> } {
    if (this.failure) throw this.failure;
    const id = this.nextId++;
    const result = new Promise<GzippedText>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    result.catch(() => {}); // a failure is reported by `end()`'s promise
    this.worker.postMessage({ type: "open", id });
    return {
      write: (text) => {
        if (this.failure) throw this.failure;
        this.worker.postMessage({ type: "write", id, text });
      },
      end: () => {
        if (this.failure) return Promise.reject(this.failure);
        this.worker.postMessage({ type: "end", id });
        return result;
      },
    };
  }

  async close(): Promise<void> {
    this.worker.removeAllListeners("exit");
    this.worker.on("error", () => {});
    await this.worker.terminate();
  }
}
