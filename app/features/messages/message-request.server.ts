import { AppError } from "~/server/app-error";
import { MALFORMED_BODY_MESSAGE, readBodyWithLimit } from "~/server/request-body.server";
import type { MessageNotifier } from "./conversation-access.server";
import type { AppServices } from "~/server/context";

/** A message is 2,000 characters at most: 32 KB is plenty for one form or JSON body. */
const MAX_BODY_BYTES = 32 * 1024;

/** The request body as form fields (form posts) or a JSON object's string fields. */
export async function readMessageRequest(request: Request): Promise<Record<string, string>> {
  const raw = await readBodyWithLimit(request, { maxBytes: MAX_BODY_BYTES, message: "Requête trop volumineuse." });
  const type = request.headers.get("content-type") ?? "";
  const text = raw.toString("utf8");
  const fields: Record<string, string> = {};
  if (type.includes("application/json")) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") fields[key] = value;
    }
    return fields;
  }
  if (type.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
    } catch {
      throw new AppError("invalid", MALFORMED_BODY_MESSAGE);
    }
    for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
    return fields;
  }
  for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
  return fields;
}

export function messageNotifier(services: AppServices): MessageNotifier {
  return {
    events: services.events,
    mailer: services.mailer,
    logger: services.logger,
    publicUrl: services.config.PUBLIC_URL,
  };
}
