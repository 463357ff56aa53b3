import { data, redirect } from "react-router";
import { getSessionUser } from "~/features/auth/session.server";
import { findModelSpec } from "~/features/catalogue/model-specs";
import { LAST_WIZARD_STEP, isWizardStep, type WizardStep } from "~/features/publish/listing-schemas";
import { getCurrentDraft } from "~/features/publish/get-current-draft.server";
import { requireUserId } from "~/features/publish/listing-access.server";
import type { DraftValues } from "~/features/publish/listing-values.server";
import { priceGuidanceFor } from "~/features/pricing/price-guidance.server";
import { saveDraftStep } from "~/features/publish/save-draft-step.server";
import { saveDraftStep1 } from "~/features/publish/save-draft-step1.server";
import { submitListing } from "~/features/publish/submit-listing.server";
import { PublishPage, type PublishActionResult } from "~/features/publish/publish-page";
import { PUBLISH_FAILED, type WizardValues } from "~/features/publish/wizard-steps";
import { isAppError } from "~/server/app-error";
import { pageHeadersWithRetryAfter, retryAfterHeaders } from "~/server/retry-after";
import type { HydrationHandle } from "~/ui/deferred-hydration";
import { NOINDEX, pageMeta } from "~/ui/seo";
import type { Route } from "./+types/publish";
import { readFormData } from "~/server/request-body.server";
import { formValues } from "~/features/publish/form-values";

// Painted before its JavaScript loads (decision 0024): fields typed into meanwhile keep their
// text in state (useFieldState); the buttons wait, visibly, for React.
export const handle = { hydrateAfterPaint: true } satisfies HydrationHandle;

/**
 * `/publish` is the page a seller lands on from a search for selling a car: indexable (decision
 * 0026). Its variants (`?etape=`, the confirmation `?publiee=`) are not pages of their own.
 */
export function meta({ location }: Route.MetaArgs) {
  return [
    ...pageMeta("Déposer une annonce", "Publiez gratuitement votre véhicule d'occasion en 8 étapes."),
    ...(location.search ? [NOINDEX] : []),
  ];
}

function asText(values: DraftValues): WizardValues {
  const text: WizardValues = {};
  for (const [key, value] of Object.entries(values)) text[key] = value == null ? "" : String(value);
  return text;
}

/** A refused submission (429) tells when to retry, form post or not. */
export function headers(args: Route.HeadersArgs) {
  return pageHeadersWithRetryAfter(args);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage } = context.services;
  const url = new URL(request.url);
  const published = url.searchParams.get("publiee");
  if (published) return { view: "success" as const, live: published === "en-ligne" };
  const user = await getSessionUser(request, context.services);
  if (!user) return { view: "wizard" as const, signedIn: false, step: 1 as WizardStep, draft: null };
  const draft = await getCurrentDraft({ db, storage, userId: user.id });
  if (!draft) return { view: "wizard" as const, signedIn: true, step: 1 as WizardStep, draft: null };
  // A step in the URL is shown if reached; otherwise the seller resumes where they stopped.
  const requested = Number(url.searchParams.get("etape"));
  const step = isWizardStep(requested) && requested <= draft.draftStep ? requested : draft.draftStep;
  return {
    view: "wizard" as const,
    signedIn: true,
    step,
    draft: {
      listingId: draft.listingId,
      draftStep: draft.draftStep,
      values: asText(draft.values),
      modelSpec: findModelSpec(draft.values.brand, draft.values.model) ?? null,
      photos: draft.photos.map((p) => ({ id: p.id, src: p.src, srcSet: p.srcSet })),
      // The price step shows the market estimate for the car described (decision 0043).
      priceGuidance: step === LAST_WIZARD_STEP ? await priceGuidanceFor(db, draft.values) : null,
    },
  };
}

/** Fields the form sends that are not listing values. */
const CONTROL_FIELDS = new Set(["step", "listingId", "quit", "photoCount", "photosBusy"]);

/**
 * 'Suivant' saves the step (step 1 creates or updates the draft), 'Publier l'annonce'
 * submits the listing, 'Enregistrer et quitter' saves what is valid and goes home.
 * Every value is validated again here by the services, whatever the browser checked.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, events, rateLimits, logger, config } = context.services;
  const user = await getSessionUser(request, context.services);
  const form = await readFormData(request);
  const stepNumber = Number(form.get("step"));
  const step: WizardStep = isWizardStep(stepNumber) ? stepNumber : 1;
  const quit = form.get("quit") === "1";
  const listingId = form.get("listingId");
  const values = formValues(form, CONTROL_FIELDS);

  try {
    const userId = requireUserId(user?.id);
    if (step === 1) {
      await saveDraftStep1({ db, userId, brand: values.brand, model: values.model });
    } else if (step === LAST_WIZARD_STEP && !quit) {
      // AUTO_PUBLISH: deployments without moderators put listings online at once. The place
      // is taken before the submission and given back if it fails (a listing not yet valid).
      const submitted = await rateLimits.within("publish", userId, () =>
        submitListing({ db, userId, listingId, price: values.price, autoPublish: config.AUTO_PUBLISH, jobs: context.services.jobs }),
      );
      logger.info({ userId, listingId: submitted.listingId, status: submitted.status }, "annonce envoyée");
      events.publish(userId, { type: "listings-changed" });
      return redirect(`/publish?publiee=${submitted.status === "published" ? "en-ligne" : "validation"}`);
    } else {
      await saveDraftStep({ db, userId, listingId, step, values });
    }
    return redirect(quit ? "/home" : `/publish?etape=${step + 1}`);
  } catch (error) {
    if (!isAppError(error)) {
      logger.error({ err: error, step }, "publication : erreur inattendue");
      return data<PublishActionResult>({ step, errors: {}, failure: PUBLISH_FAILED }, { status: 500 });
    }
    // Leaving keeps what earlier steps saved; a step that is not valid yet is simply not saved.
    if (quit) return redirect("/home");
    const errors = error.details?.fieldErrors ?? {};
    const errorStep = error.details?.step;
    const onThisStep = Object.keys(errors).length > 0 && (errorStep === undefined || errorStep === step);
    if (error.code === "unauthenticated") {
      return data<PublishActionResult>({ step, errors: {}, failure: error.message }, { status: error.status });
    }
    if (onThisStep) return data<PublishActionResult>({ step, errors }, { status: error.status });
    return data<PublishActionResult>(
      {
        step,
        errors: {},
        failure: PUBLISH_FAILED,
        detail: error.message,
        ...(isWizardStep(errorStep) && errorStep !== step ? { fixStep: errorStep } : {}),
      },
      { status: error.status, headers: retryAfterHeaders(error) },
    );
  }
}

export default function Publish({ loaderData, actionData }: Route.ComponentProps) {
  return <PublishPage loaderData={loaderData} actionData={actionData} />;
}
