import { data } from "react-router";
import { NotFoundContent } from "~/ui/not-found-content";
import { pageMeta } from "~/ui/seo";

/** Any unknown path: the spec's text, with a real 404 status for crawlers. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [...pageMeta("Page introuvable", "Cette page n'existe pas."), { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundContent />;
}
