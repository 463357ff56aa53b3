import { data, redirect } from "react-router";
import { getSessionUser, requireUser } from "~/features/auth/session.server";
import { formValues } from "~/features/publish/form-values";
import { hostingUrl, type HostingErrorKey } from "~/features/hosting/hosting-flash";
import { EditListingError, EditListingPage } from "~/features/publish/edit-listing-page";
import { getListingForEdit } from "~/features/publish/get-listing-for-edit.server";
import { LISTING_MESSAGES } from "~/features/publish/listing-access.server";
import { updateListing } from "~/features/publish/update-listing.server";
import { prefersJson } from "~/server/api-errors.server";
import { AppError, isAppError } from "~/server/app-error";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/edit-listing";
import { readFormData } from "~/server/request-body.server";

export function meta() {
  return [...pageMeta("Modifier mon annonce", "Modifiez le prix, la localisation, la description et les photos de votre annonce."), { name: "robots", content: "noindex" }];
}

function errorKey(error: AppError): HostingErrorKey {
  if (error.code === "not_found") return "introuvable";
  if (error.code === "forbidden") return "interdit";
  if (error.message === LISTING_MESSAGES.notEditable.draft) return "brouillon";
  if (error.message === LISTING_MESSAGES.notEditable.sold) return "vendue";
  if (error.message === LISTING_MESSAGES.notEditable.deleted) return "supprimee";
  if (error.message === LISTING_MESSAGES.notEditable.withdrawn) return "hors-ligne";
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
        // What the photo tiles need; 'pending' says 'En attente de validation' (decision 0053).
        photos: listing.photos.map((p) => ({ id: p.id, src: p.src, srcSet: p.srcSet, pending: p.pending })),
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
  const form = await readFormData(request);
  const values = formValues(form, CONTROL_FIELDS);
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

export default function EditListing({ loaderData, actionData }: Route.ComponentProps) {
  return <EditListingPage listing={loaderData.listing} actionErrors={actionData?.errors} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EditListingError error={error} />;
}
