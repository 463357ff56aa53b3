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
