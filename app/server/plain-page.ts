/**
 * A short French page without React (no database, no session): what the server itself answers
 * before a route runs — a refused request body (server/request-guard.ts), a host name it does
 * not serve (server/host-guard.ts).
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function plainPage(options: { title: string; message: string; link?: { href: string; label: string } }): string {
  const { title, message, link } = options;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Occazio</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;display:grid;min-height:100dvh;place-items:center;padding:1rem;box-sizing:border-box}
main{max-width:32rem;background:#fff;border-radius:.75rem;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569;line-height:1.5}a{color:#1d4ed8;font-weight:600}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>${link ? `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ""}
</main>
</body>
</html>`;
}
