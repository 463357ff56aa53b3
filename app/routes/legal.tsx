import { useLocation } from "react-router";
import { LEGAL_PAGES } from "~/features/legal/legal-content";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/legal";

function pageFor(pathname: string) {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const page = LEGAL_PAGES.find((p) => p.path === normalized);
  if (!page) throw new Error(`Aucune page légale pour ${pathname}`);
  return page;
}

export function meta({ location }: Route.MetaArgs) {
  const page = pageFor(location.pathname);
  return pageMeta(page.title, page.description);
}

/** Static legal and help pages (one module, one route id per page in routes.ts). */
export default function LegalPage() {
  const { Component } = pageFor(useLocation().pathname);
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm sm:p-10">
      <Component />
    </div>
  );
}
