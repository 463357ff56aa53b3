import { useId, type TextareaHTMLAttributes } from "react";
import { CONTROL_CLASSES, FieldShell, useField } from "./field";
import { formatNumber } from "./format";
import { useFieldState } from "./use-field-state";


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
  const counterId = `${useId()}-counter`;
  // The text itself stays the browser's; its length is counted from what was typed before
  // hydration too (decision 0024).
  const [text, setText, ref] = useFieldState<HTMLTextAreaElement>(defaultValue ?? "");
  const length = text.length;
  const over = length > maxChars;
  const field = useField({ hint, error, invalid: over, describedBy: [counterId] });
  return (
    <FieldShell
      field={field}
      label={label}
      error={error}
      className={className}
      hintSlot={
        <div className="mt-1 flex flex-wrap justify-between gap-2">
          {hint ? (
            <p id={field.hintId} className="text-xs text-slate-500">
              {hint}
            </p>
          ) : (
            <span />
          )}
          <p id={counterId} className={`text-xs ${over ? "font-semibold text-red-700" : "text-slate-500"}`}>
            {formatNumber(length)} / {formatNumber(maxChars)} caractères
          </p>
        </div>
      }
    >
      <textarea
        {...field.controlProps}
        ref={ref}
        defaultValue={defaultValue}
        onChange={(event) => {
          setText(event.currentTarget.value);
          onChange?.(event);
        }}
        className={CONTROL_CLASSES}
        {...props}
      />
    </FieldShell>
  );
}
