import { useRef, useState } from "react";
import { Button } from "~/ui/button";
import { useInteractive } from "~/ui/use-interactive";

interface Shown {
  ref: string;
  src: string;
}

/**
 * 'Logo (facultatif)': the chosen file is sent at once to `/api/pro/logo` (the listing photos'
 * checks and re-encoding); the answered reference goes with the form in the hidden `logo`
 * field, which is what attaches it to the profile. 'Retirer le logo' empties it.
 */
export function ProLogoField({ initial, error }: { initial: Shown | null; error?: string }) {
  const [logo, setLogo] = useState<Shown | null>(initial);
  const [state, setState] = useState<{ kind: "idle" } | { kind: "sending" } | { kind: "failed"; message: string }>({ kind: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const interactive = useInteractive();

  async function send(file: File) {
    setState({ kind: "sending" });
    try {
      const response = await fetch("/api/pro/logo", { method: "POST", body: file, headers: { Accept: "application/json" } });
      const body = (await response.json().catch(() => ({}))) as { logo?: { key: string; widths: number[] }; error?: string };
      if (!response.ok || !body.logo) {
        setState({ kind: "failed", message: body.error ?? "Le logo n'a pas pu être envoyé. Réessayez." });
        return;
      }
      setLogo({ ref: JSON.stringify(body.logo), src: URL.createObjectURL(file) });
      setState({ kind: "idle" });
    } catch {
      setState({ kind: "failed", message: "Le logo n'a pas pu être envoyé : vérifiez votre connexion et réessayez." });
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  const message = state.kind === "failed" ? state.message : error;
  return (
    <div>
      <p className="text-sm font-medium text-slate-800" id="logo-label">
        Logo (facultatif)
      </p>
      <p className="mt-1 text-xs text-slate-500">JPEG, PNG ou WebP, 15 Mo au plus. Il apparaît sur votre page professionnelle.</p>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        {logo ? (
          <img src={logo.src} alt="Votre logo" className="h-20 w-20 rounded-lg bg-white object-contain ring-1 ring-slate-200" data-testid="logo-preview" />
        ) : (
          <span className="flex h-20 w-20 items-center justify-center rounded-lg bg-slate-100 text-xs text-slate-500 ring-1 ring-slate-200">
            Aucun logo
          </span>
        )}
        <label className={`cursor-pointer ${interactive ? "" : "pointer-events-none opacity-60"}`}>
          <span className="rounded-lg bg-white px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50">
            {logo ? "Changer le logo" : "Choisir un logo"}
          </span>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-labelledby="logo-label"
            disabled={!interactive || state.kind === "sending"}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void send(file);
            }}
          />
        </label>
        {logo ? (
          <Button variant="ghost" onClick={() => setLogo(null)} disabled={!interactive}>
            Retirer le logo
          </Button>
        ) : null}
      </div>
      <input type="hidden" name="logo" value={logo?.ref ?? ""} />
      <p aria-live="polite" className="mt-1 min-h-5 text-sm text-slate-600">
        {state.kind === "sending" ? "Envoi du logo…" : ""}
      </p>
      {message ? (
        <p role="alert" className="text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
