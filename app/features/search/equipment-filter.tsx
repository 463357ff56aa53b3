import { EQUIPMENT, EQUIPMENT_GROUP_LABELS, EQUIPMENT_GROUPS } from "~/features/catalogue/equipment";
import { canonicalEquipment } from "./search-params";

/**
 * The filter dialog's 'Équipements' (issue 34, decision 0043): the vocabulary's groups, each
 * folded (`<details>`, opened when one of its items is ticked), the listing must have every
 * item ticked (`equipment=a,b`). Its own file: the dialog's layout can move without it.
 */
export function EquipmentFilter({ value, onChange }: { value: readonly string[]; onChange: (next: string[]) => void }) {
  const chosen = new Set(value);
  const toggle = (slug: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(slug);
    else next.delete(slug);
    onChange(canonicalEquipment(next));
  };
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">Les annonces affichées ont tous les équipements cochés.</p>
      {EQUIPMENT_GROUPS.map((group) => {
        const items = EQUIPMENT.filter((item) => item.group === group);
        const ticked = items.filter((item) => chosen.has(item.slug)).length;
        return (
          <details key={group} open={ticked > 0} className="rounded-lg ring-1 ring-slate-200">
            <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
              {EQUIPMENT_GROUP_LABELS[group]}
              {ticked ? ` (${ticked})` : ""}
            </summary>
            <fieldset className="grid gap-x-4 px-3 pb-2 sm:grid-cols-2">
              <legend className="sr-only">{EQUIPMENT_GROUP_LABELS[group]}</legend>
              {items.map((item) => (
                <label key={item.slug} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={chosen.has(item.slug)}
                    onChange={(event) => toggle(item.slug, event.target.checked)}
                    className="size-4 shrink-0 accent-brand-600"
                  />
                  {item.label}
                </label>
              ))}
            </fieldset>
          </details>
        );
      })}
    </div>
  );
}
