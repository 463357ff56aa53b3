export const SITE_NAME = "Occazio";

/** `<title>` and meta description for a page, in the shape React Router's `meta` returns. */
export function pageMeta(title: string, description: string) {
  return [
    { title: `${title} | ${SITE_NAME}` },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
}

/** Asks search engines not to index the page (its links are still followed). */
export const NOINDEX = { name: "robots", content: "noindex" } as const;

/**
 * The robots tag of a member page that also renders for signed-out visitors (decision 0026):
 * crawlers have no session, so the signed-out render (a sign-in prompt) is the one they get and
 * the one marked `noindex`. A member's own render is private (`Cache-Control: private`) and never
 * reaches a crawler: a tag there would address nobody.
 */
export function memberPageRobots(signedIn: boolean | undefined) {
  return signedIn ? [] : [NOINDEX];
}
