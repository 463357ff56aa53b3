import pino, { type Logger } from "pino";

export type { Logger };

/** JSON logs in production, pretty ones in a terminal during development. */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    level: options.level,
    // Never let credentials reach the logs, whatever object is logged.
    redact: {
      paths: [
        "password",
        "*.password",
        "*.newPassword",
        "*.currentPassword",
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
      ],
      censor: "[masqué]",
    },
    ...(options.pretty
      ? { transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } } }
      : {}),
  });
}
