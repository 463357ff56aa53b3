const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * A French transactional e-mail: greeting, paragraphs, one call-to-action link. The plain-text
 * part says the same thing as the HTML part. Every dynamic value is escaped.
 */
export function renderEmail(options: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): EmailContent {
  const footer = options.footer ?? "L'équipe Occazio";
  const text = [
    options.greeting,
    "",
    ...options.paragraphs.flatMap((p) => [p, ""]),
    ...(options.action ? [`${options.action.label} : ${options.action.url}`, ""] : []),
    footer,
  ].join("\n");
  const html = `<!doctype html><html lang="fr"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(options.greeting)}</p>
${options.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${options.action ? `<p><a href="${escapeHtml(options.action.url)}" style="display:inline-block;background:#1b5fe0;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(options.action.label)}</a></p>` : ""}
<p style="color:#64748b">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: options.subject, text, html };
}
