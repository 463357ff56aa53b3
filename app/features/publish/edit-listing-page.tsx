import { useRef, useState, type FormEvent } from "react";
import { Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import { CATALOGUE, findBrand } from "~/features/catalogue/catalogue-data";
import { sortedModels } from "~/features/catalogue/model-order";
import { PostalCodePicker } from "~/features/places/postal-code-picker";
import { MAX_DESCRIPTION_LENGTH, editListingSchema } from "~/features/publish/listing-schemas";
import { PhotoManager } from "~/features/publish/photo-manager";
import { DigitsField, type FieldErrors } from "~/features/publish/wizard-steps";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button, buttonClasses } from "~/ui/button";
import { fieldErrors } from "~/ui/form-errors";
import { SelectField } from "~/ui/select-field";
import { TextareaField } from "~/ui/textarea-field";
import { useErrorsAnsweredOnEdit } from "./use-errors-answered-on-edit";
import { EuroNormAndCritAir, InspectionAndOwners } from "./vehicle-facts-fields";
import { EquipmentChecklist, HistoryAndWarranty } from "./equipment-and-history-fields";
import { formValues } from "./form-values";
import { PriceWithGuidance } from "./price-with-guidance";
import type { PriceGuidance } from "~/features/pricing/price-guidance";

/** What the form shows of the listing the route's loader read (getListingForEdit). */
export interface EditableListing {
  id: string;
  status: string;
  rejectionReason: string | null;
  brand: string;
  model: string;
  price: number | null;
  mileage: number | null;
  description: string | null;
  postalCode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Issue 34: the Crit'Air preview reads type, energy and first registration; the rest is edited. */
  vehicleType: string | null;
  fuel: string | null;
  firstRegistration: string | null;
  euroNorm: string | null;
  inspectionDate: string | null;
  inspectionResult: string | null;
  ownerCount: number | null;
  /** Issue 34, second slice (decision 0043). */
  equipment: string[];
  serviceHistory: boolean | null;
  nonSmoker: boolean | null;
  warrantyMonths: number | null;
  warrantyKind: string | null;
  histovecUrl: string | null;
  sellerKind: string;
  priceGuidance?: PriceGuidance | null;
  photos: { id: string; src: string; srcSet: string }[];
}

/** The listing's facts as the shared fields read them (text, empty when not given). */
function factValues(listing: EditableListing): Partial<Record<string, string>> {
  return {
    vehicleType: listing.vehicleType ?? "",
    fuel: listing.fuel ?? "",
    firstRegistration: listing.firstRegistration ?? "",
    euroNorm: listing.euroNorm ?? "",
    inspectionDate: listing.inspectionDate ?? "",
    inspectionResult: listing.inspectionResult ?? "",
    ownerCount: listing.ownerCount != null ? String(listing.ownerCount) : "",
    equipment: listing.equipment.join(","),
    serviceHistory: listing.serviceHistory == null ? "" : String(listing.serviceHistory),
    nonSmoker: listing.nonSmoker == null ? "" : String(listing.nonSmoker),
    warrantyMonths: listing.warrantyMonths != null ? String(listing.warrantyMonths) : "",
    warrantyKind: listing.warrantyKind ?? "",
    histovecUrl: listing.histovecUrl ?? "",
  };
}

/** The browser half of the edit form's validation: the server's schema on the form's values. */
function validateEdit(form: FormData): FieldErrors | null {
  const values = formValues(form);
  const parsed = editListingSchema.safeParse(values);
  return parsed.success ? null : fieldErrors(parsed.error);
}

/** The seller's edit form for a published or refused listing (route: routes/edit-listing.tsx). */
export function EditListingPage({
  listing,
  actionErrors,
}: {
  listing: EditableListing;
  actionErrors: FieldErrors | undefined;
}) {
  const navigation = useNavigation();
  const [brand, setBrand] = useState(listing.brand);
  const [model, setModel] = useState(listing.model);
  // The browser's verdict on the form, until the server answers again (`of`: the answer it replaced).
  const [clientErrors, setClientErrors] = useState<{ of: FieldErrors | undefined; errors: FieldErrors } | null>(null);
  const errors: FieldErrors = clientErrors && clientErrors.of === actionErrors ? clientErrors.errors : (actionErrors ?? {});
  const formRef = useRef<HTMLFormElement>(null);
  const recheckOnEdit = useErrorsAnsweredOnEdit({ formRef, errors, validate: validateEdit, setErrors: (next) => setClientErrors({ of: actionErrors, errors: next }) });

  // Brand-to-models table of the catalogue; a brand or model typed freely in the wizard stays choosable.
  const brandOptions = CATALOGUE.map((b) => b.name);
  if (!findBrand(listing.brand)) brandOptions.unshift(listing.brand);
  const catalogueBrand = findBrand(brand);
  const modelOptions = catalogueBrand ? sortedModels(catalogueBrand) : [];
  if (brand === listing.brand && !modelOptions.includes(listing.model)) modelOptions.unshift(listing.model);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const problems = validateEdit(new FormData(form));
    if (!problems) {
      setClientErrors({ of: actionErrors, errors: {} });
      return;
    }
    event.preventDefault();
    setClientErrors({ of: actionErrors, errors: problems });
    const first = Object.keys(problems)[0] ?? "";
    const field = ["city", "latitude", "longitude"].includes(first) ? "postalCode" : first;
    form.querySelector<HTMLElement>(`[name="${field}"]:not([type="hidden"])`)?.focus();
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Breadcrumb items={[{ label: "Mes annonces", to: "/hosting" }, { label: "Modifier mon annonce" }]} />
      <h1 className="text-2xl font-bold">Modifier mon annonce</h1>
      {listing.status === "rejected" ? (
        <p className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          <span className="font-semibold">Annonce refusée{listing.rejectionReason ? ` : ${listing.rejectionReason}` : "."}</span>{" "}
          Corrigez-la puis enregistrez : elle repartira en validation.
        </p>
      ) : null}

      <Form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        {...recheckOnEdit}
        className="space-y-6"
      >
        <section aria-labelledby="edit-vehicle" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm sm:p-6">
          <h2 id="edit-vehicle" className="text-lg font-semibold">
            Véhicule
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Marque"
              name="brand"
              options={brandOptions}
              value={brand}
              placeholder="Choisissez une marque"
              onChange={(event) => {
                setBrand(event.currentTarget.value);
                setModel("");
              }}
              error={errors.brand}
            />
            <SelectField
              label="Modèle"
              name="model"
              options={modelOptions}
              value={model}
              disabled={!brand}
              placeholder={brand ? "Choisissez un modèle" : "Choisissez d'abord une marque"}
              onChange={(event) => setModel(event.currentTarget.value)}
              error={errors.model}
            />
            <PriceWithGuidance
              guidance={listing.priceGuidance}
              initialPrice={listing.price != null ? String(listing.price) : ""}
              live
              published={listing.status === "published"}
            >
              <DigitsField label="Prix (€)" name="price" maxLength={8} required defaultValue={listing.price != null ? String(listing.price) : ""} error={errors.price} />
            </PriceWithGuidance>
            <DigitsField label="Kilométrage (km)" name="mileage" maxLength={7} defaultValue={listing.mileage != null ? String(listing.mileage) : ""} error={errors.mileage} />
          </div>
          <TextareaField
            label="Description"
            name="description"
            rows={6}
            maxChars={MAX_DESCRIPTION_LENGTH}
            defaultValue={listing.description ?? ""}
            error={errors.description}
          />
        </section>

        <section aria-labelledby="edit-facts" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm sm:p-6">
          <h2 id="edit-facts" className="text-lg font-semibold">
            Crit'Air, contrôle technique et propriétaires
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <EuroNormAndCritAir values={factValues(listing)} error={errors.euroNorm} />
            <InspectionAndOwners values={factValues(listing)} errors={errors} />
          </div>
          {/* Context for the browser's check (the server reads the stored one): a 'Non requis' kept from before. */}
          <input type="hidden" name="storedInspectionResult" value={listing.inspectionResult ?? ""} />
        </section>

        <section aria-labelledby="edit-equipment" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm sm:p-6">
          <h2 id="edit-equipment" className="text-lg font-semibold">
            Historique, garantie et équipements
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <HistoryAndWarranty values={factValues(listing)} errors={errors} pro={listing.sellerKind === "pro"} />
            <EquipmentChecklist selected={factValues(listing).equipment} error={errors.equipment} />
          </div>
        </section>

        <section aria-labelledby="edit-place" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
          <h2 id="edit-place" className="mb-4 text-lg font-semibold">
            Localisation
          </h2>
          <PostalCodePicker
            defaultValue={{ postalCode: listing.postalCode ?? "", city: listing.city ?? "", latitude: listing.latitude, longitude: listing.longitude }}
            errors={errors}
          />
        </section>

        <section aria-labelledby="edit-photos" className="rounded-2xl bg-white p-5 shadow-sm sm:p-6">
          <h2 id="edit-photos" className="text-lg font-semibold">
            Photos
          </h2>
          <p className="mb-4 mt-1 text-sm text-slate-600">
            Les photos et leur ordre sont enregistrés dès leur envoi, leur déplacement ou leur retrait.
            {listing.status === "published"
              ? " Une photo ajoutée à une annonce en ligne est visible des acheteurs après validation par l'équipe de modération ; d'ici là, ils voient la photo principale actuelle."
              : null}
          </p>
          <PhotoManager listingId={listing.id} initialPhotos={listing.photos} />
        </section>

        {errors._form ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
            {errors._form}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link to="/hosting" className={buttonClasses("secondary")}>
            Retour
          </Link>
          <Button type="submit" disabled={navigation.state !== "idle"}>
            Enregistrer les modifications
          </Button>
        </div>
      </Form>
    </div>
  );
}

/** The route's error boundary: the refusal's message (API-style errors carry one), then back to the seller's listings. */
export function EditListingError({ error }: { error: unknown }) {
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { error?: unknown } | null)?.error === "string"
      ? (error.data as { error: string }).error
      : "Nous n'avons pas pu afficher cette annonce.";
  return (
    <section className="mx-auto max-w-xl rounded-xl bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-bold">Modifier mon annonce</h1>
      <p role="alert" className="mt-3 text-slate-700">
        {message}
      </p>
      <Link to="/hosting" className={buttonClasses("primary", "mt-5")}>
        Retour à mes annonces
      </Link>
    </section>
  );
}
