import { useId, type ReactNode } from "react";

/** Classes shared by the text inputs, selects and textareas of forms. */
export const CONTROL_CLASSES =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-100 disabled:text-slate-600 aria-[invalid=true]:border-red-600";

/**
 * Ids and ARIA wiring of a form field: the control gets `controlProps`, which point screen
 * readers at the hint and the error shown by `FieldShell`.
 */
export function useField(options: { hint?: string; error?: string | null; invalid?: boolean; describedBy?: string[] }) {
  const id = useId();
  const hintId = options.hint ? `${id}-hint` : undefined;
  const errorId = options.error ? `${id}-error` : undefined;
  return {
    id,
    hintId,
    errorId,
    controlProps: {
      id,
      "aria-invalid": options.invalid || options.error ? true : undefined,
      "aria-describedby": [hintId, ...(options.describedBy ?? []), errorId].filter(Boolean).join(" ") || undefined,
    },
  };
}

/** Label above the control, then the hint and the error (French, red). */
export function FieldShell({
  field,
  label,
  hint,
  error,
  className = "",
  children,
  hintSlot,
}: {
  field: ReturnType<typeof useField>;
  label: string;
  hint?: string;
  error?: string | null;
  className?: string;
  children: ReactNode;
  /** Replaces the default hint line (e.g. a hint beside a character counter). */
  hintSlot?: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hintSlot ??
        (hint ? (
          <p id={field.hintId} className="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        ) : null)}
      {error ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
