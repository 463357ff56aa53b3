/** What the moderation page's action answers (shared by the route and the feature's components). */
export type ModerationActionResult =
  | { ok: string; id: string }
  | { error: string; id: string; fieldErrors?: Record<string, string> };

/** The page's query string: tab, page and the journal's filters. */
export const MODERATION_TABS = { queue: "", reports: "signalements", pros: "professionnels", history: "historique" } as const;
export type ModerationTab = keyof typeof MODERATION_TABS;

export function moderationTab(params: URLSearchParams): ModerationTab {
  const value = params.get("onglet");
  if (value === MODERATION_TABS.reports) return "reports";
  if (value === MODERATION_TABS.history) return "history";
  if (value === MODERATION_TABS.pros) return "pros";
  return "queue";
}

/** A positive page number from the query string (1 when absent or malformed). */
export function pageParam(params: URLSearchParams): number {
  const n = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}
