import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The embedded default needs no configuration: a random auth secret is created once per
 * data directory (mode 600) and reused, so sessions survive restarts.
 */
export function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: created below.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
