/**
 * The database cannot be reached (server restarting, failover, connection killed, pool
 * exhausted): a temporary condition, answered 503 with `Retry-After` instead of a 500.
 * Plain module (no server-only imports) so the server entry and the API helpers share it.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 10;

export const DATABASE_UNAVAILABLE_MESSAGE =
  "Le service est momentanément indisponible. Réessayez dans quelques instants.";

/** SQLSTATE classes 08 (connection exception) and 57P0x (operator intervention: shutdown, terminated). */
const UNAVAILABLE_SQLSTATES = /^(08\d{3}|57P0[1-4]|53300)$/;
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH"]);
const UNAVAILABLE_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Client has encountered a connection error",
  "Cannot use a pool after calling end",
];

/** Whether `error` (or any error in its `cause` chain, e.g. Drizzle's wrapper) means "database unreachable". */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_CODES.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    current = cause;
  }
  return false;
}

/** The French page a browser gets during an outage (no React: nothing here may need the database). */
export function databaseUnavailablePage(): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Service momentanément indisponible – Occazio</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;display:grid;min-height:100dvh;place-items:center;padding:1rem;box-sizing:border-box}
main{max-width:32rem;background:#fff;border-radius:.75rem;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569;line-height:1.5}a{color:#1d4ed8;font-weight:600}
</style>
</head>
<body>
<main>
<h1>Service momentanément indisponible</h1>
<p>Occazio ne peut pas afficher cette page pour le moment. Nos équipes sont prévenues&nbsp;: réessayez dans quelques instants.</p>
<p><a href="">Recharger la page</a></p>
</main>
</body>
</html>`;
}
