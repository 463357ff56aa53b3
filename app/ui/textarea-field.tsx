import { useId, useState, type TextareaHTMLAttributes } from "react";

const integer = new Intl.NumberFormat("fr-FR");

/** A labelled textarea with a live character counter ("120 / 5 000 caractères") and an optional error. */
export function TextareaField({
  label,
  hint,
  error,
  maxChars,
  defaultValue,
  className = "",
  onChange,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "defaultValue" | "value"> & {
  label: string;
  hint?: string;
  error?: string | null;
  maxChars: number;
  defaultValue?: string;
}) {
  const id = useId();
  const [length, setLength] = useState((defaultValue ?? "").length);
  const hintId = hint ? `${id}-hint` : undefined;
  const counterId = `${id}-counter`;
  const errorId = error ? `${id}-error` : undefined;
  const over = length > maxChars;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        defaultValue={defaultValue}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={[hintId, counterId, errorId].filter(Boolean).join(" ")}
        onChange={(event) => {
          setLength(event.currentTarget.value.length);
          onChange?.(event);
        }}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600"
        {...props}
      />
      <div className="mt-1 flex flex-wrap justify-between gap-2">
        {hint ? (
          <p id={hintId} className="text-xs text-slate-500">
            {hint}
          </p>
        ) : (
          <span />
        )}
        <p id={counterId} className={`text-xs ${over ? "font-semibold text-red-700" : "text-slate-500"}`}>
          {integer.format(length)} / {integer.format(maxChars)} caractères
        </p>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
