import { useId, type InputHTMLAttributes } from "react";
import type { z } from "zod";
import { CATALOGUE, findBrand } from "~/features/catalogue/catalogue-data";
import { sortedModels } from "~/features/catalogue/model-order";
import {
  COLORS,
  FUEL_OPTIONS,
  fuelLabel,
  GEARBOXES,
  LICENSE_STATUSES,
  VEHICLE_CONDITIONS,
  VEHICLE_TYPES,
} from "~/features/catalogue/vocabularies";
import { PostalCodePicker } from "~/features/places/postal-code-picker";
import { fieldErrors } from "~/ui/form-errors";
import { SelectField } from "~/ui/select-field";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import { useFieldState } from "~/ui/use-field-state";
import {
  FIRST_REGISTRATION_MAX_LENGTH,
  MAX_BRAND_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_MODEL_LENGTH,
  MIN_YEAR,
  STEP_SCHEMAS,
  formatFirstRegistrationInput,
  type WizardStep,
} from "./listing-schemas";
import type { ModelSpec } from "~/features/catalogue/model-specs";
import { modelSuggestions, type ModelSuggestions } from "./model-suggestions";
import { PhotoManager, type ManagedPhoto } from "./photo-manager";
import { PHOTO_CLIENT_MESSAGES } from "./photo-rules";
import { EuroNormAndCritAir, InspectionAndOwners } from "./vehicle-facts-fields";
import { EquipmentChecklist, HistoryAndWarranty } from "./equipment-and-history-fields";
import { formValues } from "./form-values";
import { PriceWithGuidance } from "./price-with-guidance";
import type { PriceGuidance } from "~/features/pricing/price-guidance";

export type FieldErrors = Record<string, string>;

/** = LISTING_MESSAGES.unauthenticated (spec §5); wizard-steps.test.ts checks it. */
export const SIGN_IN_TO_PUBLISH = "Vous devez être connecté pour publier une annonce.";

/** Spec §8: a failure creating or updating a listing. */
export const PUBLISH_FAILED = "Une erreur est survenue lors de la publication.";

/** Every wizard field as text, the way the form shows and sends it. */
export type WizardValues = Partial<Record<string, string>>;

export const STEP_TITLES: Record<WizardStep, string> = {
  1: "Marque et modèle",
  2: "Année et mise en circulation",
  3: "Caractéristiques",
  4: "État, contrôle technique et équipements",
  5: "Description",
  6: "Localisation",
  7: "Photos",
  8: "Prix",
};


/**
 * The browser half of "validated in the browser and on the server": the step's shared zod
 * schema on the form's values. Step 7 checks the photos the manager reports as stored.
 */
export function validateStep(step: WizardStep, form: FormData): FieldErrors | null {
  if (step === 7) {
    if (form.get("photosBusy")) return { photoCount: PHOTO_CLIENT_MESSAGES.busy };
    const parsed = STEP_SCHEMAS[7].safeParse({ photoCount: Number(form.get("photoCount") ?? 0) });
    return parsed.success ? null : fieldErrors(parsed.error);
  }
  const values = formValues(form);
  const schema: z.ZodType = STEP_SCHEMAS[step];
  const parsed = schema.safeParse(values);
  return parsed.success ? null : fieldErrors(parsed.error);
}

/** The fields of one step. */
export function StepFields({
  step,
  values,
  errors,
  listingId,
  photos,
  modelSpec,
  onPhotosAdded,
  priceGuidance,
}: {
  step: WizardStep;
  values: WizardValues;
  errors: FieldErrors;
  listingId: string | null;
  photos: readonly ManagedPhoto[];
  /** What the draft's catalogue model is, when it is one (model-specs.ts). */
  modelSpec?: ModelSpec | null;
  /** Step 7: the seller added photos (the step's photo error no longer applies). */
  onPhotosAdded?: () => void;
  /** Step 8: the market estimate for the car described (decision 0043). */
  priceGuidance?: PriceGuidance | null;
}) {
  const suggestions = modelSuggestions(modelSpec);
  switch (step) {
    case 1:
      return <BrandAndModel values={values} errors={errors} />;
    case 2:
      return <YearAndRegistration values={values} errors={errors} suggestions={suggestions} />;
    case 3:
      return <Characteristics values={values} errors={errors} suggestions={suggestions} />;
    case 4:
      return <Appearance values={values} errors={errors} />;
    case 5:
      return (
        <TextareaField
          label="Description"
          name="description"
          rows={8}
          maxChars={MAX_DESCRIPTION_LENGTH}
          defaultValue={values.description ?? ""}
          hint="Entretien, options, historique, défauts éventuels : ce qu'un acheteur veut savoir."
          error={errors.description}
        />
      );
    case 6:
      return (
        <PostalCodePicker
          label="Code postal du véhicule"
          defaultValue={{
            postalCode: values.postalCode ?? "",
            city: values.city ?? "",
            latitude: values.latitude ? Number(values.latitude) : null,
            longitude: values.longitude ? Number(values.longitude) : null,
          }}
          errors={errors}
        />
      );
    case 7:
      return listingId ? (
        <PhotoManager listingId={listingId} initialPhotos={photos} error={errors.photoCount} onPhotosAdded={onPhotosAdded} />
      ) : null;
    case 8:
      return (
        <PriceWithGuidance guidance={priceGuidance} initialPrice={values.price ?? ""}>
          <DigitsField
            label="Prix (€)"
            name="price"
            defaultValue={values.price ?? ""}
            maxLength={8}
            hint="Prix de vente en euros, sans centimes."
            error={errors.price}
          />
        </PriceWithGuidance>
      );
  }
}

const onlyDigits = (typed: string) => typed.replace(/\D/g, "");

/** A whole number typed digits only (spec §5): anything else typed is dropped as it comes. */
export function DigitsField({
  defaultValue,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "defaultValue" | "value" | "onChange"> & {
  label: string;
  name: string;
  defaultValue: string;
  hint?: string;
  error?: string | null;
}) {
  const [value, setValue, ref] = useFieldState<HTMLInputElement>(defaultValue, onlyDigits);
  return (
    <TextField
      type="text"
      inputMode="numeric"
      autoComplete="off"
      {...props}
      ref={ref}
      value={value}
      onChange={(event) => setValue(onlyDigits(event.currentTarget.value))}
    />
  );
}

function BrandAndModel({ values, errors }: { values: WizardValues; errors: FieldErrors }) {
  const id = useId();
  const [brand, setBrand, brandRef] = useFieldState<HTMLInputElement>(values.brand ?? "");
  const catalogueBrand = findBrand(brand);
  const models = catalogueBrand ? sortedModels(catalogueBrand) : [];
  return (
    <div className="space-y-4">
      <TextField
        label="Marque"
        name="brand"
        list={`${id}-brands`}
        ref={brandRef}
        value={brand}
        onChange={(event) => setBrand(event.currentTarget.value)}
        maxLength={MAX_BRAND_LENGTH}
        autoComplete="off"
        placeholder="Ex. : Peugeot"
        hint="Choisissez une marque proposée ou saisissez-la."
        error={errors.brand}
      />
      <datalist id={`${id}-brands`}>
        {CATALOGUE.map((b) => (
          <option key={b.slug} value={b.name} />
        ))}
      </datalist>
      <TextField
        label="Modèle"
        name="model"
        list={`${id}-models`}
        defaultValue={values.model ?? ""}
        maxLength={MAX_MODEL_LENGTH}
        autoComplete="off"
        placeholder="Ex. : 208"
        hint={
          catalogueBrand
            ? `Modèles ${catalogueBrand.name} proposés ; un autre modèle peut être saisi.`
            : "Saisissez le modèle tel qu'il figure sur la carte grise."
        }
        error={errors.model}
      />
      <datalist id={`${id}-models`}>
        {models.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
    </div>
  );
}

function YearAndRegistration({
  values,
  errors,
  suggestions,
}: {
  values: WizardValues;
  errors: FieldErrors;
  suggestions: ModelSuggestions | null;
}) {
  const [registration, setRegistration, registrationRef] = useFieldState<HTMLInputElement>(
    values.firstRegistration ?? "",
    (typed) => formatFirstRegistrationInput(typed),
  );
  const [year, setYear, yearRef] = useFieldState<HTMLSelectElement>(values.year ?? "");
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: thisYear - MIN_YEAR + 1 }, (_, i) => String(thisYear - i));
  const outside = Boolean(suggestions && year && suggestions.yearOutside(Number(year)));
  return (
    <div className="space-y-4">
      <SelectField
        label="Année du modèle"
        name="year"
        options={years}
        ref={yearRef}
        value={year}
        onChange={(event) => setYear(event.currentTarget.value)}
        placeholder="Choisissez l'année"
        hint={suggestions?.yearHint}
        error={errors.year}
      />
      <p aria-live="polite" className="text-sm text-amber-800 empty:hidden">
        {outside && !errors.year ? suggestions?.yearNotice : null}
      </p>
      <TextField
        label="Date de première mise en circulation"
        name="firstRegistration"
        inputMode="numeric"
        autoComplete="off"
        maxLength={FIRST_REGISTRATION_MAX_LENGTH}
        placeholder="MM/AAAA"
        hint="Mois et année, comme sur la carte grise (case B)."
        ref={registrationRef}
        value={registration}
        onChange={(event) => setRegistration(formatFirstRegistrationInput(event.currentTarget.value, registration))}
        error={errors.firstRegistration}
      />
    </div>
  );
}

function Characteristics({
  values,
  errors,
  suggestions,
}: {
  values: WizardValues;
  errors: FieldErrors;
  suggestions: ModelSuggestions | null;
}) {
  // The model's only body type or energy comes preselected; a seller's own choice stays.
  const type = values.vehicleType || suggestions?.defaultType || "";
  const fuel = values.fuel || suggestions?.defaultFuel || "";
  const proposed = (value: string, own: string) =>
    suggestions && value && value === own ? `Proposé pour la ${suggestions.name} ; modifiable.` : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label="Type de véhicule"
        name="vehicleType"
        options={VEHICLE_TYPES}
        groups={suggestions?.typeGroups}
        defaultValue={type}
        hint={values.vehicleType ? undefined : proposed(type, suggestions?.defaultType ?? "")}
        error={errors.vehicleType}
      />
      <SelectField
        label="Énergie"
        name="fuel"
        options={FUEL_OPTIONS}
        groups={suggestions?.fuelGroups}
        optionLabel={fuelLabel}
        defaultValue={fuel}
        hint={values.fuel ? undefined : proposed(fuel, suggestions?.defaultFuel ?? "")}
        error={errors.fuel}
      />
      <SelectField label="Boîte de vitesses" name="gearbox" options={GEARBOXES} defaultValue={values.gearbox ?? ""} error={errors.gearbox} />
      <SelectField label="Permis" name="licenseStatus" options={LICENSE_STATUSES} defaultValue={values.licenseStatus ?? ""} error={errors.licenseStatus} />
      <DigitsField label="Puissance fiscale (CV)" name="fiscalPower" maxLength={3} defaultValue={values.fiscalPower ?? ""} error={errors.fiscalPower} />
      <DigitsField label="Puissance DIN (ch)" name="dinPower" maxLength={4} defaultValue={values.dinPower ?? ""} error={errors.dinPower} />
      <DigitsField label="Kilométrage (km)" name="mileage" maxLength={7} defaultValue={values.mileage ?? ""} error={errors.mileage} className="sm:col-span-2" />
      {/* The preview starts from what the selects show, proposed values included. */}
      <EuroNormAndCritAir values={{ ...values, vehicleType: type, fuel }} error={errors.euroNorm} />
    </div>
  );
}

function Appearance({ values, errors }: { values: WizardValues; errors: FieldErrors }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <DigitsField label="Nombre de portes" name="doors" maxLength={1} defaultValue={values.doors ?? ""} error={errors.doors} />
      <DigitsField label="Nombre de places" name="seats" maxLength={2} defaultValue={values.seats ?? ""} error={errors.seats} />
      <SelectField label="Couleur" name="color" options={COLORS} defaultValue={values.color ?? ""} error={errors.color} />
      <SelectField label="État du véhicule" name="vehicleCondition" options={VEHICLE_CONDITIONS} defaultValue={values.vehicleCondition ?? ""} error={errors.vehicleCondition} />
      <InspectionAndOwners values={values} errors={errors} />
      <HistoryAndWarranty values={values} errors={errors} pro={values.sellerKind === "pro"} />
      <EquipmentChecklist selected={values.equipment} error={errors.equipment} />
    </div>
  );
}
