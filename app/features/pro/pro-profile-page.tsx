import { Form, Link, useActionData, useNavigation, useRevalidator } from "react-router";
import { EmailVerificationNotice } from "~/features/auth/email-verification-notice";
import { SignInRequired } from "~/features/auth/sign-in-required";
import { PostalCodePicker } from "~/features/places/postal-code-picker";
import { Breadcrumb } from "~/ui/breadcrumb";
import { Button } from "~/ui/button";
import { formatDate } from "~/ui/format";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import { DEFAULT_OPENING_HOURS, OpeningHoursFields } from "./opening-hours-fields";
import type { OwnProProfile, ProProfileActionResult } from "./pro-profile-data";
import { ProLogoField } from "./pro-logo-field";
import { BACK_TO_PENDING_NOTE, PRO_PRESENTATION_MAX, proStatusLabel, type ProStatusValue } from "./pro-status";
import { formatSiret } from "./siret";
import { STOCK_PAGE_PATH } from "~/features/stock-import/stock-import-paths";

const STATUS_TONE: Record<ProStatusValue, string> = {
  pending: "bg-amber-50 text-amber-950 ring-amber-200",
  verified: "bg-emerald-50 text-emerald-950 ring-emerald-200",
  refused: "bg-red-50 text-red-950 ring-red-200",
  suspended: "bg-slate-100 text-slate-900 ring-slate-300",
};

function StatusPanel({ profile }: { profile: OwnProProfile }) {
  return (
    <section
      aria-label="Statut de votre profil professionnel"
      className={`rounded-xl p-4 ring-1 ${STATUS_TONE[profile.status]}`}
    >
      <p className="font-semibold" data-testid="pro-status">
        {proStatusLabel(profile.status, profile.refusalReason)}
      </p>
      <p className="mt-1 text-sm">
        {profile.status === "pending"
          ? `Envoyé le ${formatDate(profile.submittedAt)}. Notre équipe vérifie votre SIRET et votre adresse ; vous recevrez un e-mail. En attendant, vos annonces indiquent « Professionnel », sans « vérifié ».`
          : profile.status === "verified"
            ? `Vérifié${profile.verifiedAt ? ` le ${formatDate(profile.verifiedAt)}` : ""}. Vos annonces portent le badge « Pro » et renvoient à votre page professionnelle.`
            : profile.status === "refused"
              ? "Corrigez votre profil ci-dessous, puis envoyez-le à nouveau : il repassera en vérification."
              : "Votre compte est suspendu : votre profil professionnel n'est plus visible."}
      </p>
      {profile.status === "verified" ? (
        <p className="mt-2 text-sm">
          Votre page :{" "}
          <Link to={`/pro/${profile.slug}`} className="font-semibold underline">
            /pro/{profile.slug}
          </Link>
          {" · "}
          <Link to={STOCK_PAGE_PATH} className="font-semibold underline">
            Mon stock : importer vos véhicules
          </Link>
        </p>
      ) : null}
    </section>
  );
}

export function ProProfilePage({
  signedIn,
  profile,
  email,
  emailVerified,
}: {
  signedIn: boolean;
  profile: OwnProProfile | null;
  email: string;
  emailVerified: boolean;
}) {
  const result = useActionData<ProProfileActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errors: Record<string, string> = result && "errors" in result ? result.errors : {};
  const values: Record<string, string> = result && "values" in result ? result.values : {};
  const value = (name: string, saved: string | null | undefined) => values[name] ?? saved ?? "";
  const fieldCount = Object.keys(errors).filter((k) => k !== "form").length;
  const revalidator = useRevalidator();
  const editable = signedIn && profile?.status !== "suspended";
  const submitLabel =
    !profile || profile.status === "refused" ? "Envoyer pour vérification" : "Enregistrer les modifications";

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Breadcrumb items={[{ label: "Compte", to: "/account-settings" }, { label: "Je suis un professionnel" }]} />
      <div>
        <h1 className="text-2xl font-bold">Je suis un professionnel</h1>
        <p className="mt-1 text-slate-600">
          Garage, concession, négociant : déclarez votre entreprise. Après vérification par notre équipe, vos annonces
          portent le badge « Pro » et vous disposez d'une page professionnelle avec vos horaires, votre adresse et vos
          véhicules.
        </p>
      </div>

      {!signedIn ? (
        <SignInRequired
          message="Connectez-vous pour déclarer votre activité professionnelle."
          options={{ onSuccess: () => void revalidator.revalidate() }}
        />
      ) : null}
      {profile ? <StatusPanel profile={profile} /> : null}
      {signedIn && !emailVerified ? <EmailVerificationNotice email={email} reason="pro" /> : null}
      {result && "ok" in result && !busy ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
          {result.ok}
        </p>
      ) : null}

      {editable ? (
        <Form noValidate method="post" className="space-y-6" key={profile?.submittedAt ?? "new"}>
          <section aria-labelledby="company-title" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
            <h2 id="company-title" className="text-lg font-semibold">
              Votre entreprise
            </h2>
            <TextField
              label="Raison sociale"
              name="companyName"
              defaultValue={value("companyName", profile?.companyName)}
              autoComplete="organization"
              maxLength={160}
              required
              hint="Le nom de votre entreprise tel qu'il figure sur votre extrait Kbis."
              error={errors.companyName}
            />
            <TextField
              label="Numéro SIRET"
              name="siret"
              inputMode="numeric"
              autoComplete="off"
              maxLength={24}
              required
              defaultValue={value("siret", profile ? formatSiret(profile.siret) : "")}
              hint="14 chiffres : les 9 du SIREN puis les 5 de votre établissement (extrait Kbis, avis de situation INSEE)."
              error={errors.siret}
            />
            {profile?.status === "verified" ? <p className="text-sm text-slate-600">{BACK_TO_PENDING_NOTE}</p> : null}
          </section>

          <section aria-labelledby="contact-title" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
            <h2 id="contact-title" className="text-lg font-semibold">
              Adresse et contact
            </h2>
            <TextField
              label="Adresse de l'établissement"
              name="addressLine"
              autoComplete="street-address"
              maxLength={240}
              required
              placeholder="Ex. : 12 avenue de la République"
              defaultValue={value("addressLine", profile?.addressLine)}
              error={errors.addressLine}
            />
            <PostalCodePicker
              defaultValue={
                profile
                  ? {
                      postalCode: profile.postalCode,
                      city: profile.city,
                      latitude: profile.latitude,
                      longitude: profile.longitude,
                    }
                  : undefined
              }
              errors={{ postalCode: errors.postalCode }}
            />
            <TextField
              label="Téléphone de l'établissement"
              name="phone"
              type="tel"
              autoComplete="tel-national"
              required
              defaultValue={value("phone", profile?.phoneDisplay)}
              hint="Un numéro français, par exemple 01 23 45 67 89. Montré aux acheteurs connectés qui le demandent."
              error={errors.phone}
            />
          </section>

          <section aria-labelledby="hours-title" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
            <h2 id="hours-title" className="text-lg font-semibold">
              Horaires
            </h2>
            <OpeningHoursFields hours={profile?.openingHours ?? DEFAULT_OPENING_HOURS} errors={errors} />
          </section>

          <section aria-labelledby="showcase-title" className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
            <h2 id="showcase-title" className="text-lg font-semibold">
              Présentation
            </h2>
            <ProLogoField
              initial={profile?.logo ? { ref: profile.logo.ref, src: profile.logo.src } : null}
              error={errors.logo}
            />
            <TextareaField
              label="Présentation (facultative)"
              name="presentation"
              rows={5}
              maxChars={PRO_PRESENTATION_MAX}
              defaultValue={value("presentation", profile?.presentation)}
              hint="Votre activité, vos marques, vos services (garantie, reprise, financement)."
              error={errors.presentation}
            />
          </section>

          {errors.form ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              Erreur : {errors.form}
            </p>
          ) : fieldCount > 0 ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {fieldCount === 1
                ? "Erreur : un champ est à corriger."
                : `Erreur : ${fieldCount} champs sont à corriger.`}
            </p>
          ) : null}
          <Button type="submit" disabled={busy} className="w-full wide:w-auto">
            {submitLabel}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
