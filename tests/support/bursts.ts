import { expect } from "vitest";

/**
 * Sends `count` requests at once (`send(i)`), waits for every answer and checks what a client
 * sees: exactly `limit` accepted with `accepted` status, every other one a 429 with a
 * `Retry-After` of whole seconds in (0, maxRetrySeconds]. Returns the statuses for more checks.
 */
export async function expectBurstLimited(options: {
  count: number;
  limit: number;
  accepted: number;
  maxRetrySeconds: number;
  send: (i: number) => Promise<Response>;
}): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: options.count }, (_, i) => options.send(i)));
  const statuses = responses.map((r) => r.status);
  const refused = responses.filter((r) => r.status === 429);
  expect(statuses.filter((s) => s === options.accepted), `statuts : ${statuses.join(", ")}`).toHaveLength(options.limit);
  expect(refused, `statuts : ${statuses.join(", ")}`).toHaveLength(options.count - options.limit);
  for (const response of refused) {
    const retryAfter = response.headers.get("retry-after");
    expect(retryAfter, "429 sans Retry-After").toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(options.maxRetrySeconds);
  }
  await Promise.all(responses.map((r) => r.body?.cancel()));
  return statuses;
}
