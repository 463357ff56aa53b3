import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The embedded default needs no configuration: a random auth secret is created once per
 * data directory (mode 600) and reused, so sessions survive restarts.
 */
export function readOrCreateSecret(dataDir: string): string {
  return readOrCreateFileSecret(dataDir, "auth-secret", 32);
}

/** A random value of `bytes` bytes kept in `DATA_DIR/<name>` (mode 600), created on first use. */
export function readOrCreateFileSecret(dataDir: string, name: string, bytes: number): string {
  const file = path.join(dataDir, name);
  const minLength = Math.ceil((bytes * 4) / 3);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= minLength) return existing;
  } catch {
    // First start: created below.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(bytes).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
