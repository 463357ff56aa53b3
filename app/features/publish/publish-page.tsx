import { fuelLabel } from "~/features/catalogue/vocabularies";
import { computeCritAir, critAirLabel } from "~/features/catalogue/critair";
import type { PriceGuidance } from "~/features/pricing/price-guidance";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigate, useNavigation, useSubmit } from "react-router";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { EmailVerificationNotice } from "~/features/auth/email-verification-notice";
import { DisplayNamePrompt } from "~/features/account/display-name-prompt";
import { useOptionalUser } from "~/features/auth/session-user";
import type { ModelSpec } from "~/features/catalogue/model-specs";
import { LAST_WIZARD_STEP, WIZARD_STEPS, type WizardStep } from "~/features/publish/listing-schemas";
import {
  SIGN_IN_TO_PUBLISH,
  STEP_TITLES,
  StepFields,
  validateStep,
  type FieldErrors,
  type WizardValues,
} from "~/features/publish/wizard-steps";
import { Button, buttonClasses } from "~/ui/button";
import { formatMileage } from "~/ui/format";
import { useInteractive } from "~/ui/use-interactive";
import { useErrorsAnsweredOnEdit } from "./use-errors-answered-on-edit";

export interface PublishActionResult {
  step: WizardStep;
  errors: FieldErrors;
  /** Shown in the error paragraph (spec §8), with `detail` under it. */
  failure?: string;
  detail?: string;
  /** The step holding the faulty field, when it is not this one. */
  fixStep?: WizardStep;
}

/** What the route's loader gives the page. */
export type PublishLoaderData =
  | { view: "success"; live: boolean }
  | { view: "wizard"; signedIn: boolean; step: WizardStep; draft: WizardDraft | null };

/** The publish page: the success screen after sending, or the 8-step wizard (route: routes/publish.tsx). */
export function PublishPage({ loaderData, actionData }: { loaderData: PublishLoaderData; actionData: PublishActionResult | undefined }) {
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
  if (user && !user.displayName) {
    return (
      <section className="mx-auto max-w-xl space-y-4">
        <h1 className="text-2xl font-bold">Déposer une annonce</h1>
        <DisplayNamePrompt purpose="publish" />
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

export interface WizardDraft {
  listingId: string;
  draftStep: WizardStep;
  values: WizardValues;
  modelSpec: ModelSpec | null;
  photos: { id: string; src: string; srcSet: string }[];
  /** At the price step: the market estimate for the car described (decision 0043). */
  priceGuidance?: PriceGuidance | null;
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
  result: PublishActionResult | undefined;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { openAuthDialog } = useAuthDialog();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  // The browser's verdict on the step, until the server answers again (`of`: the answer it replaced).
  const [clientErrors, setClientErrors] = useState<{ step: WizardStep; of: PublishActionResult | undefined; errors: FieldErrors } | null>(null);
  const submitting = navigation.state === "submitting";
  // The page is painted before its JavaScript runs (decision 0024): what needs React waits visibly.
  const interactive = useInteractive();

  // Screen readers and keyboards start each new step at its title.
  useEffect(() => {
    if (shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  const shownErrors = (client: typeof clientErrors) => (client?.step === step && client.of === result ? client.errors : (result?.errors ?? {}));
  const errors = shownErrors(clientErrors);
  const recheckOnEdit = useErrorsAnsweredOnEdit({
    formRef,
    errors,
    validate: (values) => validateStep(step, values),
    setErrors: (next) => setClientErrors({ step, of: result, errors: next }),
  });

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
      setClientErrors({ step, of: result, errors: problems });
      const first = Object.keys(problems)[0] ?? "";
      const field = ["city", "latitude", "longitude"].includes(first) ? "postalCode" : first;
      const target =
        form.querySelector<HTMLElement>(`[name="${field}"]:not([type="hidden"])`) ??
        form.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea');
      target?.focus();
      return;
    }
    setClientErrors({ step, of: result, errors: {} });
    if (!signedIn) {
      event.preventDefault();
      askToSignIn(formData);
    }
  }

  /** Adding photos answers step 7's 'Ajoutez au moins une photo.': it goes away at once. */
  function onPhotosAdded() {
    setClientErrors((latest) => {
      const shown = shownErrors(latest);
      if (!shown.photoCount) return latest;
      const { photoCount: _answered, ...rest } = shown;
      return { step, of: result, errors: rest };
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
        {signedIn && !interactive ? (
          // Saving the step needs React (decision 0024): until then the link is visibly disabled,
          // so that it cannot leave without saving.
          <a role="link" aria-disabled="true" className="cursor-wait text-sm font-semibold text-brand-700 opacity-50">
            Enregistrer et quitter
          </a>
        ) : (
          <Link to="/home" onClick={saveAndQuit} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
            Enregistrer et quitter
          </Link>
        )}
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
            disabled={!interactive}
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
          {...recheckOnEdit}
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
            priceGuidance={draft?.priceGuidance}
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
            <Button variant="secondary" disabled={step === 1 || submitting || !interactive} onClick={() => navigate(`/publish?etape=${step - 1}`)}>
              Précédent
            </Button>
            <Button type="submit" variant={step === LAST_WIZARD_STEP ? "accent" : "primary"} disabled={submitting || !interactive}>
              {step === LAST_WIZARD_STEP ? "Publier l'annonce" : "Suivant"}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}

function critAirText(values: WizardValues): string {
  const critair = computeCritAir({
    vehicleType: values.vehicleType,
    fuel: values.fuel,
    euroNorm: values.euroNorm,
    firstRegistration: values.firstRegistration,
  });
  return critair === null ? "" : critAirLabel(critair);
}

function Summary({ values, photoCount }: { values: WizardValues; photoCount: number }) {
  const rows: [string, string][] = [
    ["Véhicule", `${values.brand ?? ""} ${values.model ?? ""}`.trim()],
    ["Année", values.year ?? ""],
    ["Énergie / boîte", [fuelLabel(values.fuel), values.gearbox].filter(Boolean).join(" · ")],
    ["Kilométrage", values.mileage ? formatMileage(Number(values.mileage)) : ""],
    ["Crit'Air", critAirText(values)],
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

