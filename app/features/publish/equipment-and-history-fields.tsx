import { EQUIPMENT, EQUIPMENT_GROUP_LABELS, EQUIPMENT_GROUPS } from "~/features/catalogue/equipment";
import { SelectField } from "~/ui/select-field";
import { TextField } from "~/ui/text-field";
import { HISTOVEC_HOST, MAX_WARRANTY_MONTHS, WARRANTY_KIND_LABELS, WARRANTY_KINDS } from "./listing-extras-schema";

/**
 * The fields of issue 34's second slice (decision 0043), shared by the wizard's step 4 and the
 * edit form: the equipment checklist grouped as the vocabulary groups it, then 'Carnet
 * d'entretien à jour', 'Véhicule non fumeur', 'Garantie' (a professional also chooses its
 * kind) and the HistoVec share link. Plain form controls: nothing runs before the form is sent.
 */

type Values = Partial<Record<string, string>>;

const YES_NO = [
  { value: "oui", label: "Oui" },
  { value: "non", label: "Non" },
];

/** "true"/"false" (a stored boolean as text) or "oui"/"non" (the form's own) → the select's value. */
function yesNoValue(value: string | undefined): string {
  if (value === "true" || value === "oui") return "oui";
  if (value === "false" || value === "non") return "non";
  return "";
}

/** The equipment as checkboxes, one fieldset per group; `selected` is the slugs, comma-separated. */
export function EquipmentChecklist({ selected, error }: { selected: string | undefined; error?: string }) {
  const chosen = new Set((selected ?? "").split(",").filter(Boolean));
  return (
    <fieldset className="space-y-4 sm:col-span-2" aria-describedby={error ? "equipment-error" : undefined}>
      <legend className="text-base font-semibold text-slate-900">Équipements (facultatif)</legend>
      <p className="text-sm text-slate-600">Cochez ce que le véhicule possède : les acheteurs filtrent sur ces équipements.</p>
      {/* Always sent: unticking every box clears the list. */}
      <input type="hidden" name="equipment" value="" />
      {EQUIPMENT_GROUPS.map((group) => (
        <fieldset key={group} className="space-y-2" data-testid={`equipment-${group}`}>
          <legend className="text-sm font-semibold text-slate-800">{EQUIPMENT_GROUP_LABELS[group]}</legend>
          <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
            {EQUIPMENT.filter((item) => item.group === group).map((item) => (
              <label key={item.slug} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="equipment"
                  value={item.slug}
                  defaultChecked={chosen.has(item.slug)}
                  className="size-4 shrink-0 accent-brand-600"
                />
                {item.label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {error ? (
        <p id="equipment-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Service history, non-smoker, warranty (and its kind for a professional), HistoVec link. */
export function HistoryAndWarranty({
  values,
  errors,
  pro,
}: {
  values: Values;
  errors: Partial<Record<string, string>>;
  /** The seller is a professional: the warranty's kind can be chosen. */
  pro: boolean;
}) {
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      <SelectField
        label="Carnet d'entretien à jour"
        name="serviceHistory"
        options={YES_NO}
        placeholder="Non renseigné"
        defaultValue={yesNoValue(values.serviceHistory)}
        error={errors.serviceHistory}
      />
      <SelectField
        label="Véhicule non fumeur"
        name="nonSmoker"
        options={YES_NO}
        placeholder="Non renseigné"
        defaultValue={yesNoValue(values.nonSmoker)}
        error={errors.nonSmoker}
      />
      <TextField
        label="Garantie (mois, facultatif)"
        name="warrantyMonths"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={2}
        defaultValue={values.warrantyMonths ?? ""}
        hint={`De 0 à ${MAX_WARRANTY_MONTHS} mois ; laissez vide sans garantie.`}
        error={errors.warrantyMonths}
      />
      {pro ? (
        <SelectField
          label="Type de garantie"
          name="warrantyKind"
          options={WARRANTY_KINDS.map((kind) => ({ value: kind, label: WARRANTY_KIND_LABELS[kind] }))}
          placeholder="Non précisé"
          defaultValue={values.warrantyKind ?? ""}
          error={errors.warrantyKind}
        />
      ) : (
        <input type="hidden" name="warrantyKind" value="" />
      )}
      <TextField
        label="Lien du rapport HistoVec (facultatif)"
        name="histovecUrl"
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={500}
        placeholder={`https://${HISTOVEC_HOST}/histovec/report?id=…&key=…`}
        defaultValue={values.histovecUrl ?? ""}
        hint="Le rapport officiel de l'historique du véhicule (histovec.interieur.gouv.fr, « Partager le rapport »). Les acheteurs l'ouvrent sur le site officiel."
        error={errors.histovecUrl}
        className="sm:col-span-2"
      />
    </div>
  );
}
