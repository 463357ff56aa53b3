import type { Ref, SelectHTMLAttributes } from "react";
import { CONTROL_CLASSES, FieldShell, useField } from "./field";

/** A labelled native `<select>` (keyboard and screen readers for free) with an optional hint and error. */
export function SelectField({
  label,
  hint,
  error,
  options,
  groups,
  placeholder = "Choisissez…",
  optionLabel = (value) => value,
  className = "",
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  hint?: string;
  error?: string | null;
  options: readonly (string | { value: string; label: string })[];
  /** When given, the options are shown in these labelled groups instead (`<optgroup>`). */
  groups?: readonly { label: string; options: readonly string[] }[];
  /** How a grouped option's value is shown (e.g. `fuelLabel`: 'Electrique' → 'Électrique'). */
  optionLabel?: (value: string) => string;
  /** First, empty choice; null for none. */
  placeholder?: string | null;
  ref?: Ref<HTMLSelectElement>;
}) {
  const field = useField({ hint, error });
  return (
    <FieldShell field={field} label={label} hint={hint} error={error} className={className}>
      <select {...field.controlProps} className={CONTROL_CLASSES} {...props}>
        {placeholder !== null ? <option value="">{placeholder}</option> : null}
        {groups?.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option} value={option}>
                {optionLabel(option)}
              </option>
            ))}
          </optgroup>
        ))}
        {(groups ? [] : options).map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    </FieldShell>
  );
}
