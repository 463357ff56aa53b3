import { useState } from "react";
import { useRevalidator } from "react-router";
import { authRequest } from "~/features/auth/auth-client";
import { Button } from "~/ui/button";
import { TextField } from "~/ui/text-field";
import { DISPLAY_NAME_LABEL, checkDisplayName } from "./display-name";

/**
 * Asked once of accounts made before display names (issue 33), before their first listing or
 * message: the name buyers and sellers will see. Saved through Better Auth's update-user,
 * whose hook applies the same rules on the server.
 */
export function DisplayNamePrompt({ purpose, onDone }: { purpose: "publish" | "message"; onDone?: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const revalidator = useRevalidator();
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkDisplayName(String(new FormData(event.currentTarget).get("displayName") ?? ""));
    if (!checked.ok) return setError(`Erreur : ${checked.message}`);
    setError(null);
    setPending(true);
    const result = await authRequest("/update-user", { displayName: checked.name });
    setPending(false);
    if (result.error) return setError(`Erreur : ${result.error.message ?? "le nom n'a pas pu être enregistré. Réessayez."}`);
    await revalidator.revalidate();
    onDone?.();
  }
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="display-name-prompt"
      className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <p id="display-name-prompt" className="font-semibold">
        {purpose === "publish"
          ? "Avant de publier : quel nom les acheteurs verront-ils ?"
          : "Avant d'écrire : quel nom le vendeur verra-t-il ?"}
      </p>
      <TextField
        label={DISPLAY_NAME_LABEL}
        name="displayName"
        autoComplete="nickname"
        maxLength={60}
        required
        hint="Votre prénom ou un pseudo. Votre nom de famille, votre e-mail et votre téléphone restent privés."
        error={error}
      />
      <Button type="submit" disabled={pending}>
        Enregistrer ce nom
      </Button>
    </form>
  );
}
