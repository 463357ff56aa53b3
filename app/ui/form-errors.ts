import type { z } from "zod";

/** First message per field of a failed zod parse (nested paths joined with "."), for inline form errors. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of error.issues) {
    const key = item.path.length ? item.path.map(String).join(".") : "_form";
    if (!(key in result)) result[key] = item.message;
  }
  return result;
}
