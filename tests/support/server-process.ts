import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the URL once the server prints it; rejects if the process exits first. */
  ready: Promise<string>;
  exited: Promise<number | null>;
}

/** Runs the compiled server (`build/node/main.mjs`, from `npm run build`) as `npm start` does (production build, embedded default). */
export function startServerProcess(env: Record<string, string>, options: { nodeArgs?: string[] } = {}): ServerProcess {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--enable-source-maps", "build/node/main.mjs"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: "0", LOG_LEVEL: "info", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /Occazio est prêt : (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on("data", onData);
    void exited.then((code) => reject(new Error(`le serveur s'est arrêté (code ${code}) :\n${out}`)));
  });
  ready.catch(() => {});
  return { child, output: () => out, ready, exited };
}
