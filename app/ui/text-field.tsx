import type { InputHTMLAttributes, Ref } from "react";
import { CONTROL_CLASSES, FieldShell, useField } from "./field";

/** A labelled input with an optional hint and error, wired for screen readers. */
export function TextField({
  label,
  hint,
  error,
  className = "",
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}) {
  const field = useField({ hint, error });
  return (
    <FieldShell field={field} label={label} hint={hint} error={error} className={className}>
      <input {...field.controlProps} className={CONTROL_CLASSES} {...props} />
    </FieldShell>
  );
}
