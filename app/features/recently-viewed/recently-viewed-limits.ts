/** 'Vus récemment' (issue 36): how many listings are remembered, per browser or per account. */
export const RECENTLY_VIEWED_LIMIT = 12;

/** Where a visitor's list lives in the browser (signed-in users keep theirs on the server). */
export const VISITOR_RECENT_KEY = "occazio:vus-recemment";
