import type { ReactNode } from "react";
import { TextField } from "~/ui/text-field";
import type { DraftErrors, FilterDraft } from "./filter-draft";

/** The fields the filters' form (filter-dialog.tsx) is made of, in the dialog and the sidebar. */

type RangeKey = "priceMin" | "priceMax" | "yearMin" | "yearMax" | "mileageMin" | "mileageMax" | "powerMin" | "powerMax";

/**
 * A minimum and a maximum side by side (price, year, mileage, power). The examples are short
 * enough for the sidebar's narrow columns ('Ex. : 15 000' was cut there).
 */
export function NumberRange({
  fields,
  maxLength,
  draft,
  errors,
  set,
}: {
  fields: [{ key: RangeKey; label: string; example: string }, { key: RangeKey; label: string; example: string }];
  maxLength?: number;
  draft: FilterDraft;
  errors: DraftErrors;
  set: (key: RangeKey, value: string) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      {fields.map(({ key, label, example }) => (
        <TextField
          key={key}
          label={label}
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
          error={errors[key]}
          placeholder={example}
          maxLength={maxLength}
          inputMode="numeric"
          autoComplete="off"
        />
      ))}
    </div>
  );
}

/** A yes/no filter ('Bonne affaire et mieux', '1re main') with its explanation. */
export function CheckboxLine({
  label,
  detail,
  checked,
  onChange,
}: {
  label: string;
  detail: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-600"
      />
      <span>
        {label} <span className="font-normal text-slate-600">({detail})</span>
      </span>
    </label>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 border-t border-slate-200 pt-4">
      <legend className="float-left mb-1 w-full text-base font-semibold text-slate-900">{title}</legend>
      <div className="clear-both space-y-3">{children}</div>
    </fieldset>
  );
}

/** Several of a few values, as pills (Énergie, Portes, Places): the listing has one of those ticked. */
export function ChipChecklist<T extends string | number>({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (next: T[]) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label key={choice.value} className="filter-chip">
            <input
              type="checkbox"
              checked={value.includes(choice.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? choices.map((c) => c.value).filter((v) => v === choice.value || value.includes(v))
                    : value.filter((v) => v !== choice.value),
                )
              }
              className="size-4 accent-brand-600"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
