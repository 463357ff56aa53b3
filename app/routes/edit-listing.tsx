import { useState, type FormEvent } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { getSessionUser, requireUser } from "~/features/auth/session.server";
import { CATALOGUE, findBrand } from "~/features/catalogue/catalogue-data";
import { hostingUrl, type HostingErrorKey } from "~/features/hosting/hosting-flash";
import { PostalCodePicker } from "~/features/places/postal-code-picker";
import { MAX_DESCRIPTION_LENGTH, editListingSchema } from "~/features/publish/listing-schemas";
import { PhotoManager } from "~/features/publish/photo-manager";
import { getListingForEdit } from "~/features/publish/get-listing-for-edit.server";
import { LISTING_MESSAGES } from "~/features/publish/listing-access.server";
import { updateListing } from "~/features/publish/update-listing.server";
import { DigitsField, type FieldErrors } from "~/features/publish/wizard-steps";
import { prefersJson } from "~/server/api-errors.server";
import { AppError, isAppError } from "~/server/app-error";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button, buttonClasses } from "~/ui/button";
import { fieldErrors } from "~/ui/form-errors";
import { SelectField } from "~/ui/select-field";
import { pageMeta } from "~/ui/seo";
import { TextareaField } from "~/ui/textarea-field";
import type { Route } from "./+types/edit-listing";

export function meta() {
  return [...pageMeta("Modifier mon annonce", "Modifiez le prix, la localisation, la description et les photos de votre annonce."), { name: "robots", content: "noindex" }];
}

function errorKey(error: AppError): HostingErrorKey {
  if (error.code === "not_found") return "introuvable";
  if (error.code === "forbidden") return "interdit";
  if (error.message === LISTING_MESSAGES.notEditable.draft) return "brouillon";
  if (error.message === LISTING_MESSAGES.notEditable.sold) return "vendue";
  if (error.message === LISTING_MESSAGES.notEditable.deleted) return "supprimee";
  return "non-modifiable";
}

/**
 * Spec §8: an unknown listing or someone else's → the French message, then /hosting. The
 * server refuses before reading or writing anything; API clients asking for JSON get the
 * 403/404 status itself.
 */
function refusal(error: unknown, request: Request): unknown {
  if (!isAppError(error)) return error;
  if (prefersJson(request)) return data({ error: error.message }, { status: error.status });
  return redirect(hostingUrl({ error: errorKey(error) }));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context.services);
  const { db, storage } = context.services;
  try {
    const listing = await getListingForEdit({ db, storage, userId: me.id, listingId: params.id });
    return {
      listing: {
        ...listing,
        photos: listing.photos.map((p) => ({ id: p.id, src: p.src, srcSet: p.srcSet })),
      },
    };
  } catch (error) {
    throw refusal(error, request);
  }
}

/** Fields of the page that are not listing values. */
const CONTROL_FIELDS = new Set(["photoCount", "photosBusy"]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage, events } = context.services;
  const user = await getSessionUser(request, context.services);
  if (!user) {
    throw prefersJson(request) ? data({ error: LISTING_MESSAGES.unauthenticatedEdit }, { status: 401 }) : redirect("/");
  }
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !CONTROL_FIELDS.has(key)) values[key] = value;
  try {
    const { jobs, config } = context.services;
    const updated = await updateListing({
      db,
      storage,
      userId: user.id,
      listingId: params.id,
      values,
      priceDrops: jobs ? { jobs, delaySeconds: config.PRICE_DROP_EMAIL_DELAY_SECONDS } : undefined,
    });
    events.publish(user.id, { type: "listings-changed" });
    return redirect(hostingUrl({ status: updated.status, message: updated.revisionPending ? "modification-a-valider" : "modifiee" }));
  } catch (error) {
    if (isAppError(error) && error.code === "invalid") {
      return data({ errors: error.details?.fieldErrors ?? { _form: error.message } }, { status: error.status });
    }
    throw refusal(error, request);
  }
}

const collator = new Intl.Collator("fr", { numeric: true, sensitivity: "base" });

export default function EditListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const navigation = useNavigation();
  const [brand, setBrand] = useState(listing.brand);
  const [model, setModel] = useState(listing.model);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors: FieldErrors = clientErrors ?? actionData?.errors ?? {};

  // Brand-to-models table of the catalogue; a brand or model typed freely in the wizard stays choosable.
  const brandOptions = CATALOGUE.map((b) => b.name);
  if (!findBrand(listing.brand)) brandOptions.unshift(listing.brand);
  const catalogueBrand = findBrand(brand);
  const modelOptions = catalogueBrand ? [...catalogueBrand.models].sort(collator.compare) : [];
  if (brand === listing.brand && !modelOptions.includes(listing.model)) modelOptions.unshift(listing.model);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const values: Record<string, string> = {};
    for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
    const parsed = editListingSchema.safeParse(values);
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const problems = fieldErrors(parsed.error);
    setClientErrors(problems);
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

      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-6">
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
            <DigitsField label="Prix (€)" name="price" maxLength={8} required defaultValue={listing.price != null ? String(listing.price) : ""} error={errors.price} />
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
          <p className="mb-4 mt-1 text-sm text-slate-600">Les photos sont enregistrées dès leur envoi ou leur retrait.</p>
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
