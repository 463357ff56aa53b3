import type { ComponentType } from "react";

/**
 * The frame of a legal or help page. The text itself is a content file in ./content, compiled
 * to a component at build time (decision 0022): nothing is parsed per request, and each page's
 * route chunk carries only its own text.
 */
export function LegalPage({ Content }: { Content: ComponentType }) {
  return (
    <div className="rounded-xl bg-white p-6 shadow-sm sm:p-10">
      <article className="prose prose-slate max-w-none">
        <Content />
      </article>
    </div>
  );
}
