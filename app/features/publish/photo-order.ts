/**
 * Pure helpers of the photo order (issue 34): the seller's screen is the order of truth while
 * uploads run; the server learns it in one `PUT /api/listings/:id/photos` once they are done.
 */

/** `list` with the element at `from` moved to `to` (both clamped to the list). */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(b);
  return a.every((id) => set.has(id));
}

/** What a screen reader hears after a move: 'Photo 3 déplacée en position 2'. */
export function moveAnnouncement(from: number, to: number): string {
  const base = `Photo ${from + 1} déplacée en position ${to + 1}`;
  return to === 0 ? `${base} : c'est la photo principale.` : `${base}.`;
}

/**
 * `items` (the screen's order, stored and not yet stored) ordered like `serverIds`, for when the
 * server refused a new order: stored photos go back to the server's order, the others stay
 * where they are among them.
 */
export function restoreOrder<T>(items: readonly T[], idOf: (item: T) => string | null, serverIds: readonly string[]): T[] {
  const stored = new Map<string, T>();
  for (const item of items) {
    const id = idOf(item);
    if (id !== null) stored.set(id, item);
  }
  const inServerOrder = serverIds.map((id) => stored.get(id)).filter((item): item is T => item !== undefined);
  let next = 0;
  return items.map((item) => {
    const id = idOf(item);
    if (id === null || !stored.has(id)) return item;
    return inServerOrder[next++] ?? item;
  });
}
