import { useEffect, useState } from "react";
import { data } from "react-router";
import { authRequest, IDP_MESSAGE_TYPE, OIDC_PROVIDER_ID, reportPopupOutcome } from "~/features/auth/auth-client";
import { pageMeta } from "~/ui/seo";
import type { Route } from "./+types/identity-provider.start";

export function meta() {
  return [...pageMeta("Connexion", "Connexion avec un fournisseur d'identité."), { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  const provider = context.services.config.identityProvider;
  if (!provider) throw data(null, { status: 404 });
  return { kind: provider.kind, label: provider.label, providerId: OIDC_PROVIDER_ID };
}

const RETURN_PATH = "/connexion/fournisseur/retour";

/**
 * First page of the identity-provider popup: asks Better Auth for the authorization URL (it
 * sets the state cookie in this window) and goes there.
 */
export default function IdentityProviderStart({ loaderData }: Route.ComponentProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const body = { callbackURL: RETURN_PATH, errorCallbackURL: RETURN_PATH, newUserCallbackURL: RETURN_PATH, disableRedirect: true };
    // Better Auth serves Google and generic OpenID Connect providers through the same endpoint.
    const provider = loaderData.kind === "google" ? "google" : loaderData.providerId;
    void authRequest<{ url: string }>("/sign-in/social", { ...body, provider }).then(({ data: result, error }) => {
      if (result?.url) {
        window.location.assign(result.url);
        return;
      }
      setFailed(true);
      reportPopupOutcome({ type: IDP_MESSAGE_TYPE, ok: false, error: error?.code ?? "UNKNOWN" });
    });
  }, [loaderData]);
  return (
    <div className="mx-auto max-w-sm p-8 text-center">
      <h1 className="text-lg font-semibold">Connexion avec {loaderData.label}</h1>
      <p role="status" className="mt-2 text-slate-600">
        {failed ? "La connexion n'a pas pu démarrer. Fermez cette fenêtre et réessayez." : "Redirection en cours…"}
      </p>
    </div>
  );
}
