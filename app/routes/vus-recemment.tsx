import { RecentlyViewedPage } from "~/features/recently-viewed/recently-viewed";
import { pageMeta } from "~/ui/seo";

export function meta() {
  return [...pageMeta("Vus récemment", "Les dernières annonces que vous avez ouvertes."), { name: "robots", content: "noindex" }];
}

/** /vus-recemment ('Vus récemment', issue 36): this browser's or this account's, read once hydrated. */
export default function VusRecemment() {
  return <RecentlyViewedPage />;
}
