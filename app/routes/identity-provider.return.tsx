import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { IDP_MESSAGE_TYPE, reportPopupOutcome, type IdpPopupMessage } from "~/features/auth/auth-client";
import { pageMeta } from "~/ui/seo";

export function meta() {
  return [...pageMeta("Connexion", "Connexion avec un fournisseur d'identité."), { name: "robots", content: "noindex" }];
}

/** Last page of the popup: tells the opener how it went (same origin only), then closes. */
export default function IdentityProviderReturn() {
  const [params] = useSearchParams();
  const error = params.get("error");
  useEffect(() => {
    const message: IdpPopupMessage = { type: IDP_MESSAGE_TYPE, ok: !error, ...(error ? { error } : {}) };
    reportPopupOutcome(message);
    window.close();
  }, [error]);
  return (
    <div className="mx-auto max-w-sm p-8 text-center">
      <p role="status" className="text-slate-600">
        {error ? "La connexion a échoué. Vous pouvez fermer cette fenêtre." : "Connexion réussie. Vous pouvez fermer cette fenêtre."}
      </p>
    </div>
  );
}
