import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { EmailVerificationNotice } from "~/features/auth/email-verification-notice";
import { useOptionalUser } from "~/features/auth/session-user";
import { SignInRequired } from "~/features/auth/sign-in-required";
import { MAX_SAVED_SEARCH_NAME, MAX_SAVED_SEARCHES } from "~/features/saved-searches/saved-search-filters";
import { Button, buttonClasses } from "~/ui/button";
import { formatCount } from "~/ui/format";
import { SelectField } from "~/ui/select-field";
import { TextField } from "~/ui/text-field";

/** One saved search as the route's loader lists it (listSavedSearches). */
export interface SavedSearchItem {
  id: string;
  name: string;
  badges: { key: string; label: string }[];
  frequency: string;
  matchCount: number;
  matchCountCapped: boolean;
  newCount: number;
}

/** What the route's action answers for one saved search (open redirects instead). */
export type SavedSearchActionResult =
  | { id: string; ok: string }
  | { id: string; error: string; fieldErrors?: Record<string, string> };

const FREQUENCIES = [
  { value: "immediate", label: "Immédiate" },
  { value: "daily", label: "Quotidienne" },
  { value: "off", label: "Désactivée" },
] as const;

/** "Mes recherches": saved searches and their alerts (route: routes/recherches.tsx). */
export function SavedSearchesPage({
  loaderData,
  result,
}: {
  loaderData: { signedIn: boolean; searches: SavedSearchItem[] };
  result: SavedSearchActionResult | undefined;
}) {
  const revalidator = useRevalidator();
  const user = useOptionalUser();
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Mes recherches</h1>
        <p className="mt-1 text-sm text-slate-600">
          Retrouvez vos recherches et recevez un e-mail dès qu'une annonce correspond (jusqu'à {MAX_SAVED_SEARCHES} recherches).
        </p>
      </div>
      {loaderData.signedIn && user && !user.emailVerified ? <EmailVerificationNotice email={user.email} reason="alerts" /> : null}
      {!loaderData.signedIn ? (
        <SignInRequired message="Veuillez vous connecter pour voir vos recherches sauvegardées." options={{ onSuccess: () => void revalidator.revalidate() }} />
      ) : loaderData.searches.length === 0 ? (
        <div className="rounded-xl bg-white p-6 shadow-sm">
          <p>Vous n'avez pas encore de recherche sauvegardée.</p>
          <p className="mt-1 text-sm text-slate-600">Lancez une recherche puis choisissez « Sauvegarder la recherche ».</p>
          <Link to="/recherche" className={buttonClasses("primary", "mt-4")}>
            Rechercher un véhicule
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {loaderData.searches.map((search) => (
            <SavedSearchCard key={search.id} search={search} message={result && "id" in result && result.id === search.id ? result : null} />
          ))}
        </ul>
      )}
      {result && "error" in result && !loaderData.searches.some((s) => s.id === result.id) ? (
        <p role="alert" className="text-sm text-red-700">
          {result.error}
        </p>
      ) : null}
      {result && "ok" in result && !loaderData.searches.some((s) => s.id === result.id) ? (
        <p role="status" className="text-sm text-emerald-800">
          {result.ok}
        </p>
      ) : null}
    </section>
  );
}

function SavedSearchCard({
  search,
  message,
}: {
  search: SavedSearchItem;
  message: { ok?: string; error?: string; fieldErrors?: Record<string, string> } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === search.id;
  const titleId = `recherche-${search.id}`;
  return (
    <li aria-labelledby={titleId} className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 wide:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold [overflow-wrap:anywhere]">
          {search.name}
        </h2>
        {search.newCount > 0 ? (
          <span className="rounded-full bg-red-600 px-2.5 text-sm font-bold leading-6 text-white">
            {formatCount(search.newCount, "nouvelle", "nouvelles")}
          </span>
        ) : null}
      </div>
      {search.badges.length ? (
        <ul aria-label="Filtres" className="flex flex-wrap gap-2">
          {search.badges.map((badge) => (
            <li key={badge.key} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
              {badge.label}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Tous les véhicules</p>
      )}
      <p className="text-sm text-slate-700">
        {search.matchCountCapped ? "Plus de " : ""}
        {formatCount(search.matchCount, "annonce correspond", "annonces correspondent")} aujourd'hui
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Form noValidate method="post">
          <input type="hidden" name="id" value={search.id} />
          <Button type="submit" name="intent" value="open" disabled={busy}>
            Voir les résultats
          </Button>
        </Form>
        <Form noValidate method="post" className="flex items-end gap-2">
          <input type="hidden" name="id" value={search.id} />
          <SelectField
            label="Alertes e-mail"
            name="frequency"
            options={FREQUENCIES}
            placeholder={null}
            defaultValue={search.frequency}
            key={search.frequency}
          />
          <Button type="submit" variant="secondary" name="intent" value="frequency" disabled={busy}>
            Appliquer
          </Button>
        </Form>
      </div>
      <details className="group">
        <summary className="cursor-pointer text-sm font-semibold text-brand-700">Renommer ou supprimer</summary>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <Form noValidate method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="id" value={search.id} />
            <TextField
              label="Nouveau nom"
              name="name"
              defaultValue={search.name}
              maxLength={MAX_SAVED_SEARCH_NAME + 20}
              error={message?.fieldErrors?.name ?? null}
            />
            <Button type="submit" variant="secondary" name="intent" value="rename" disabled={busy}>
              Renommer
            </Button>
          </Form>
          <Form noValidate method="post">
            <input type="hidden" name="id" value={search.id} />
            <Button type="submit" variant="danger" name="intent" value="delete" disabled={busy}>
              Supprimer
            </Button>
          </Form>
        </div>
      </details>
      {message?.ok ? (
        <p role="status" className="text-sm text-emerald-800">
          {message.ok}
        </p>
      ) : message?.error && !message.fieldErrors?.name ? (
        <p role="alert" className="text-sm text-red-700">
          {message.error}
        </p>
      ) : null}
    </li>
  );
}
