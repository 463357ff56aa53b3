import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly pid: number | null,
  ) {
    const holder = pid ? `le processus ${pid}` : "un autre processus";
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par ${holder}. ` +
        `La base embarquée (PGlite) ne peut être ouverte que par un seul processus : ` +
        `arrêtez l'autre serveur (Ctrl-C) ou choisissez un autre DATA_DIR.\n` +
        `(The data directory is already in use${pid ? ` by process ${pid}` : ""}; PGlite is single-process.)`,
    );
    this.name = "DataDirLockedError";
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Unix socket paths are limited to ~107 bytes; longer data paths use Linux's abstract namespace. */
const MAX_SOCKET_PATH = 100;

function socketAddress(dataDir: string): { address: string; file: string | null } {
  const file = path.join(dataDir, "occazio.sock");
  if (file.length <= MAX_SOCKET_PATH || process.platform !== "linux") return { address: file, file };
  const digest = createHash("sha256").update(fs.realpathSync(dataDir)).digest("hex").slice(0, 32);
  return { address: `\0occazio-${digest}`, file: null };
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.end(String(process.pid)));
    server.once("error", reject);
    server.listen(address, () => {
      server.off("error", reject);
      server.unref();
      resolve(server);
    });
  });
}

/** The pid a live holder answers with, or null when nobody listens (a stale socket file). */
function askHolder(address: string): Promise<{ alive: boolean; pid: number | null }> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect(address);
    socket.setTimeout(2_000);
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => {
      const pid = Number.parseInt(answer, 10);
      resolve({ alive: true, pid: Number.isInteger(pid) ? pid : null });
    });
    socket.on("timeout", () => {
      socket.destroy();
      resolve({ alive: true, pid: null });
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      resolve({ alive: error.code !== "ECONNREFUSED" && error.code !== "ENOENT", pid: null });
    });
  });
}

/**
 * Takes an exclusive lock on `dataDir` held by the kernel, not by a pid in a file: this
 * process listens on a Unix socket in the directory. The socket dies with the process,
 * however it ends (crash, kill -9, container restart that gives the next server the same
 * pid), so a lock left behind never blocks a restart: a socket file nobody listens on is
 * stale and is replaced. A live holder answers with its pid, named in the refusal. PGlite
 * corrupts its files if two processes open them, hence this guard.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const { address, file } = socketAddress(dataDir);
  let server: net.Server;
  try {
    server = await listen(address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    const holder = await askHolder(address);
    if (holder.alive) throw new DataDirLockedError(dataDir, holder.pid);
    if (file) fs.rmSync(file, { force: true });
    try {
      server = await listen(address);
    } catch (retryError) {
      // Another process won the race for the freed lock.
      if ((retryError as NodeJS.ErrnoException).code === "EADDRINUSE") throw new DataDirLockedError(dataDir, null);
      throw retryError;
    }
  }
  let released: Promise<void> | null = null;
  return {
    release() {
      // Closing the server removes the socket file.
      released ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return released;
    },
  };
}
