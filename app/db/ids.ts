/**
 * Listing, photo, conversation and report ids are UUIDs. Anything else from a URL or a form is
 * "not found" before it reaches PostgreSQL, which would otherwise fail on the cast.
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}
