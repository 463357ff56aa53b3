import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation, useSubmit } from "react-router";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { getSessionUser } from "~/features/auth/session.server";
import { findModelSpec, type ModelSpec } from "~/features/catalogue/model-specs";
import { LAST_WIZARD_STEP, WIZARD_STEPS, isWizardStep, type WizardStep } from "~/features/publish/listing-schemas";
import { getCurrentDraft } from "~/features/publish/get-current-draft.server";
import { requireUserId } from "~/features/publish/listing-access.server";
import type { DraftValues } from "~/features/publish/listing-values.server";
import { saveDraftStep } from "~/features/publish/save-draft-step.server";
import { saveDraftStep1 } from "~/features/publish/save-draft-step1.server";
import { submitListing } from "~/features/publish/submit-listing.server";
import {
  PUBLISH_FAILED,
  SIGN_IN_TO_PUBLISH,
  STEP_TITLES,
  StepFields,
  validateStep,
  type FieldErrors,
  type WizardValues,
} from "~/features/publish/wizard-steps";
import { isAppError } from "~/server/app-error";
import { Button, buttonClasses } from "~/ui/button";
import { pageMeta } from "~/ui/seo";
import { EmailVerificationNotice } from "~/features/auth/email-verification-notice";
import { useOptionalUser } from "~/features/auth/session-user";
import type { Route } from "./+types/publish";
import { formatMileage } from "~/ui/format";

export function meta() {
  return [
    ...pageMeta("Déposer une annonce", "Publiez gratuitement votre véhicule d'occasion en 8 étapes."),
    { name: "robots", content: "noindex" },
  ];
}

function asText(values: DraftValues): WizardValues {
  const text: WizardValues = {};
  for (const [key, value] of Object.entries(values)) text[key] = value == null ? "" : String(value);
  return text;
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
    },
  };
}

interface ActionResult {
  step: WizardStep;
  errors: FieldErrors;
  /** Shown in the error paragraph (spec §8), with `detail` under it. */
  failure?: string;
  detail?: string;
  /** The step holding the faulty field, when it is not this one. */
  fixStep?: WizardStep;
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
  const form = await request.formData();
  const stepNumber = Number(form.get("step"));
  const step: WizardStep = isWizardStep(stepNumber) ? stepNumber : 1;
  const quit = form.get("quit") === "1";
  const listingId = form.get("listingId");
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !CONTROL_FIELDS.has(key)) values[key] = value;

  try {
    const userId = requireUserId(user?.id);
    if (step === 1) {
      await saveDraftStep1({ db, userId, brand: values.brand, model: values.model });
    } else if (step === LAST_WIZARD_STEP && !quit) {
      await rateLimits.check("publish", userId);
      // AUTO_PUBLISH: deployments without moderators put listings online at once.
      const submitted = await submitListing({ db, userId, listingId, price: values.price, autoPublish: config.AUTO_PUBLISH, jobs: context.services.jobs });
      await rateLimits.record("publish", userId);
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
      return data<ActionResult>({ step, errors: {}, failure: PUBLISH_FAILED }, { status: 500 });
    }
    // Leaving keeps what earlier steps saved; a step that is not valid yet is simply not saved.
    if (quit) return redirect("/home");
    const errors = error.details?.fieldErrors ?? {};
    const errorStep = error.details?.step;
    const onThisStep = Object.keys(errors).length > 0 && (errorStep === undefined || errorStep === step);
    if (error.code === "unauthenticated") {
      return data<ActionResult>({ step, errors: {}, failure: error.message }, { status: error.status });
    }
    if (onThisStep) return data<ActionResult>({ step, errors }, { status: error.status });
    return data<ActionResult>(
      {
        step,
        errors: {},
        failure: PUBLISH_FAILED,
        detail: error.message,
        ...(isWizardStep(errorStep) && errorStep !== step ? { fixStep: errorStep } : {}),
      },
      { status: error.status },
    );
  }
}

export default function Publish({ loaderData, actionData }: Route.ComponentProps) {
  const user = useOptionalUser();
  if (loaderData.view === "success") return <PublishedScreen live={loaderData.live} />;
  if (user && !user.emailVerified) {
    return (
      <section className="mx-auto max-w-xl space-y-4">
        <h1 className="text-2xl font-bold">Déposer une annonce</h1>
        <EmailVerificationNotice email={user.email} reason="publish" />
      </section>
    );
  }
  return (
    <Wizard
      signedIn={loaderData.signedIn}
      step={loaderData.step}
      draft={loaderData.draft}
      result={actionData && actionData.step === loaderData.step ? actionData : undefined}
    />
  );
}

function PublishedScreen({ live }: { live: boolean }) {
  return (
    <section className="mx-auto max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto h-14 w-14 text-emerald-600">
        <circle cx="12" cy="12" r="11" className="fill-emerald-100" />
        <path d="M7 12.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 className="mt-4 text-2xl font-bold">Annonce publiée avec succès !</h1>
      <p className="mt-3 text-slate-700">
        {live
          ? "Votre annonce est en ligne : les acheteurs peuvent la trouver dès maintenant."
          : "Notre équipe vérifie votre annonce avant sa mise en ligne. Vous recevrez un e-mail de validation dès qu'elle sera visible par les acheteurs."}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/home" className={buttonClasses("primary")}>
          Retour à l'accueil
        </Link>
        <Link to="/hosting" className={buttonClasses("secondary")}>
          Voir mes annonces
        </Link>
      </div>
    </section>
  );
}

interface WizardDraft {
  listingId: string;
  draftStep: WizardStep;
  values: WizardValues;
  modelSpec: ModelSpec | null;
  photos: { id: string; src: string; srcSet: string }[];
}

function Wizard({
  signedIn,
  step,
  draft,
  result,
}: {
  signedIn: boolean;
  step: WizardStep;
  draft: WizardDraft | null;
  result: ActionResult | undefined;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { openAuthDialog } = useAuthDialog();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const [clientErrors, setClientErrors] = useState<{ step: WizardStep; errors: FieldErrors } | null>(null);
  const submitting = navigation.state === "submitting";

  // Screen readers and keyboards start each new step at its title.
  useEffect(() => {
    if (shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  const errors = clientErrors?.step === step ? clientErrors.errors : (result?.errors ?? {});

  function askToSignIn(formData: FormData) {
    openAuthDialog({
      mode: "login",
      reason: SIGN_IN_TO_PUBLISH,
      // After signing in, the wizard goes on with what was typed.
      onSuccess: () => submit(formData, { method: "post" }),
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const formData = new FormData(form);
    const problems = validateStep(step, formData);
    if (problems) {
      event.preventDefault();
      setClientErrors({ step, errors: problems });
      const first = Object.keys(problems)[0] ?? "";
      const field = ["city", "latitude", "longitude"].includes(first) ? "postalCode" : first;
      const target =
        form.querySelector<HTMLElement>(`[name="${field}"]:not([type="hidden"])`) ??
        form.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea');
      target?.focus();
      return;
    }
    setClientErrors({ step, errors: {} });
    if (!signedIn) {
      event.preventDefault();
      askToSignIn(formData);
    }
  }

  /** Adding photos answers step 7's 'Ajoutez au moins une photo.': it goes away at once. */
  function onPhotosAdded() {
    setClientErrors((current) => {
      const shown = current?.step === step ? current.errors : (result?.errors ?? {});
      if (!shown.photoCount) return current;
      const { photoCount: _answered, ...rest } = shown;
      return { step, errors: rest };
    });
  }

  function saveAndQuit(event: React.MouseEvent<HTMLAnchorElement>) {
    if (!signedIn || !formRef.current) return;
    event.preventDefault();
    const formData = new FormData(formRef.current);
    formData.set("quit", "1");
    void submit(formData, { method: "post" });
  }

  return (
    <div className="mx-auto max-w-2xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Déposer une annonce</h1>
        <Link to="/home" onClick={saveAndQuit} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          Enregistrer et quitter
        </Link>
      </div>

      <div className="mt-4">
        <p className="text-sm font-medium text-slate-700">
          Étape {step} sur {WIZARD_STEPS.length}
        </p>
        <div aria-hidden="true" className="mt-2 flex gap-1">
          {WIZARD_STEPS.map((s) => (
            <span key={s} className={`h-1.5 flex-1 rounded-full ${s <= step ? "bg-brand-600" : "bg-slate-200"}`} />
          ))}
        </div>
      </div>

      {!signedIn ? (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
          <p className="text-sm font-medium text-amber-900">{SIGN_IN_TO_PUBLISH}</p>
          <Button
            variant="primary"
            onClick={() => openAuthDialog({ mode: "login", reason: SIGN_IN_TO_PUBLISH })}
          >
            Se connecter
          </Button>
        </div>
      ) : null}

      <section className="mt-6 rounded-2xl bg-white p-5 shadow-sm sm:p-8">
        <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {STEP_TITLES[step]}
        </h2>
        <Form
          key={step}
          ref={formRef}
          method="post"
          noValidate
          onSubmit={onSubmit}
          className="mt-5 space-y-6"
        >
          <input type="hidden" name="step" value={step} />
          {draft ? <input type="hidden" name="listingId" value={draft.listingId} /> : null}
          <StepFields
            step={step}
            values={draft?.values ?? {}}
            errors={errors}
            listingId={draft?.listingId ?? null}
            photos={draft?.photos ?? []}
            modelSpec={draft?.modelSpec}
            onPhotosAdded={onPhotosAdded}
          />
          {step === LAST_WIZARD_STEP && draft ? <Summary values={draft.values} photoCount={draft.photos.length} /> : null}
          {result?.failure ? (
            <div role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
              <p className="font-semibold">{result.failure}</p>
              {result.detail ? <p className="mt-1">{result.detail}</p> : null}
              {result.fixStep ? (
                <Link to={`/publish?etape=${result.fixStep}`} className="mt-2 inline-block font-semibold underline">
                  Corriger l'étape {result.fixStep} : {STEP_TITLES[result.fixStep]}
                </Link>
              ) : null}
            </div>
          ) : null}
          <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-5">
            <Button variant="secondary" disabled={step === 1 || submitting} onClick={() => navigate(`/publish?etape=${step - 1}`)}>
              Précédent
            </Button>
            <Button type="submit" variant={step === LAST_WIZARD_STEP ? "accent" : "primary"} disabled={submitting}>
              {step === LAST_WIZARD_STEP ? "Publier l'annonce" : "Suivant"}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

function Summary({ values, photoCount }: { values: WizardValues; photoCount: number }) {
  const rows: [string, string][] = [
    ["Véhicule", `${values.brand ?? ""} ${values.model ?? ""}`.trim()],
    ["Année", values.year ?? ""],
    ["Énergie / boîte", [values.fuel, values.gearbox].filter(Boolean).join(" · ")],
    ["Kilométrage", values.mileage ? formatMileage(Number(values.mileage)) : ""],
    ["Localisation", values.city ? `${values.postalCode ?? ""} ${values.city}` : ""],
    ["Photos", String(photoCount)],
  ];
  return (
    <div className="rounded-xl bg-slate-50 p-4">
      <h3 className="text-sm font-semibold text-slate-800">Récapitulatif</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-slate-900">{value || "—"}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

