import fs from "node:fs";
import type { LaunchOptions } from "@playwright/test";

/** Debian's Chromium (no browser downloads here); CHROMIUM_PATH overrides. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || "/usr/bin/chromium";
}

export function chromiumLaunchOptions(): LaunchOptions {
  const executablePath = chromiumPath();
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium introuvable à ${executablePath} : installez-le (apt-get install -y chromium) ou définissez CHROMIUM_PATH.`,
    );
  }
  return {
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
    ],
  };
}
