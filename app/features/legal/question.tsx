import type { ReactNode } from "react";

/** One question of the help page's FAQ, folded until opened (`<Question>` in content/aide.mdx). */
export function Question({ question, id, children }: { question: string; id?: string; children: ReactNode }) {
  return (
    <details id={id} className="rounded-lg border border-slate-200 px-4 py-2 [&_p:last-child]:mb-2">
      <summary className="cursor-pointer py-1 font-semibold text-slate-900">{question}</summary>
      {children}
    </details>
  );
}
