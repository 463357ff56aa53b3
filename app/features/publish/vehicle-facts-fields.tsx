import { useEffect, useRef, useState } from "react";
import { computeCritAir, critAirLabel, EURO_NORM_UNKNOWN_LABEL, EURO_NORMS, NON_CLASSE } from "~/features/catalogue/critair";
import { INSPECTION_RESULT_LABELS, INSPECTION_RESULTS } from "~/features/catalogue/inspection-results";
import { CritAirSticker } from "~/features/listings/critair-sticker";
import { SelectField } from "~/ui/select-field";
import { TextField } from "~/ui/text-field";
import { inspectionNotice, todayInFrance } from "./inspection-rule";
import { MAX_OWNER_COUNT } from "./vehicle-facts-schema";

/**
 * The fields of issue 34 (decision 0039), shared by the wizard (steps 3 and 4) and the edit
 * form: 'Norme Euro' with the Crit'Air class it gives, previewed as the seller fills the step;
 * the last contrôle technique with the R. 323-22 notice (never blocking); the owners.
 */

type Values = Partial<Record<string, string>>;

/** Energies whose class does not depend on the age (the preview then names no date). */
const AGELESS_ENERGIES = ["Electrique", "GPL", "Gaz naturel (CNG)", "Hybride rechargeable"];

/**
 * The current values of some fields of the enclosing form, live (every change), or
 * `fallback`'s for fields the form does not have (the first registration on step 3 comes from
 * step 2). Before hydration, the server's render uses `fallback`.
 */
function useFormValues(names: readonly string[], fallback: Values) {
  const ref = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<Values>(fallback);
  const key = names.join("|");
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    const read = () => {
      const data = new FormData(form);
      const next: Values = {};
      for (const name of key.split("|")) {
        const value = data.get(name);
        next[name] = typeof value === "string" ? value : (fallback[name] ?? "");
      }
      setValues(next);
    };
    read();
    // 'change' only (a select chosen, a date completed), read once React has handled the event:
    // reading on every keystroke re-rendered in the middle of React's own handling of the
    // step's text fields, and a fast typist lost a digit of the mileage (publish.spec at 375 px).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(read, 0);
    };
    form.addEventListener("change", later);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("change", later);
    };
    // The fallback is the page's data: read again only when the fields change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return [values, ref] as const;
}

/** 'Norme Euro' (optional) and the Crit'Air class the vehicle gets, updated as the seller chooses. */
export function EuroNormAndCritAir({ values, error }: { values: Values; error?: string }) {
  const [live, ref] = useFormValues(["vehicleType", "fuel", "euroNorm", "firstRegistration"], values);
  const critair = computeCritAir({
    vehicleType: live.vehicleType,
    fuel: live.fuel,
    euroNorm: live.euroNorm,
    firstRegistration: live.firstRegistration,
  });
  const byDate = !live.euroNorm;
  return (
    <div ref={ref} className="space-y-2 sm:col-span-2">
      <SelectField
        label="Norme Euro (facultatif)"
        name="euroNorm"
        options={EURO_NORMS}
        placeholder={EURO_NORM_UNKNOWN_LABEL}
        defaultValue={values.euroNorm ?? ""}
        hint="Inscrite sur la carte grise (case V.9). Sans elle, la date de première mise en circulation décide."
        error={error}
      />
      <div aria-live="polite" className="flex min-h-8 items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="critair-preview">
        {critair === null ? (
          <span className="text-slate-600">
            {live.fuel
              ? "Vignette Crit'Air : indiquez la norme Euro (ou la date de première mise en circulation) pour la connaître."
              : "Vignette Crit'Air : choisissez l'énergie pour la connaître."}
          </span>
        ) : (
          <>
            {critair === NON_CLASSE ? null : <CritAirSticker critair={critair} />}
            <span>
              {critair === NON_CLASSE ? (
                <>
                  <strong>Non classé</strong> : pas de vignette Crit'Air pour ce véhicule
                </>
              ) : (
                <>
                  Vignette <strong>{critAirLabel(critair)}</strong>
                </>
              )}
              {byDate && live.fuel && !AGELESS_ENERGIES.includes(live.fuel) ? " (d'après la date de première mise en circulation)" : ""}
              , selon l'arrêté du 21 juin 2016.
            </span>
          </>
        )}
      </div>
    </div>
  );
}

/** The last contrôle technique (date, result), the R. 323-22 notice, and the number of owners. */
export function InspectionAndOwners({
  values,
  errors,
}: {
  values: Values;
  errors: Partial<Record<string, string>>;
}) {
  const [live, ref] = useFormValues(["inspectionDate", "inspectionResult", "firstRegistration"], values);
  const today = todayInFrance();
  const notice = inspectionNotice({
    firstRegistration: live.firstRegistration,
    inspectionDate: live.inspectionDate,
    inspectionResult: live.inspectionResult,
    today,
  });
  return (
    <div ref={ref} className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      {/* Context for the browser's check of the inspection (the server reads the stored one). */}
      <input type="hidden" name="firstRegistration" value={values.firstRegistration ?? ""} />
      <TextField
        label="Date du dernier contrôle technique"
        name="inspectionDate"
        type="date"
        max={today}
        defaultValue={values.inspectionDate ?? ""}
        error={errors.inspectionDate}
      />
      <SelectField
        label="Résultat du contrôle technique"
        name="inspectionResult"
        options={INSPECTION_RESULTS.map((code) => ({ value: code, label: INSPECTION_RESULT_LABELS[code] }))}
        placeholder="Non renseigné"
        defaultValue={values.inspectionResult ?? ""}
        error={errors.inspectionResult}
      />
      <p aria-live="polite" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 empty:hidden sm:col-span-2">
        {notice}
      </p>
      <TextField
        label="Nombre de propriétaires (facultatif)"
        name="ownerCount"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={String(MAX_OWNER_COUNT).length}
        defaultValue={values.ownerCount ?? ""}
        hint="1 = première main (le vendeur est le seul propriétaire)."
        error={errors.ownerCount}
        className="sm:col-span-2"
      />
    </div>
  );
}
