import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "~/ui/button";

/** Previous / next page links that keep the rest of the query string (tab, filters). */
export function ModerationPager({ page, pageCount, label }: { page: number; pageCount: number; label: string }) {
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    if (n === 1) next.delete("page");
    else next.set("page", String(n));
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={to(page - 1)} className={buttonClasses("secondary")}>
          ‹ Page précédente
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Page {page} sur {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={to(page + 1)} className={buttonClasses("secondary")}>
          Page suivante ›
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
