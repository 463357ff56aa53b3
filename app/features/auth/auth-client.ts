/** Browser-side calls to Better Auth's JSON endpoints (same origin; the session is an HttpOnly cookie). */
export interface AuthCallError {
  status: number;
  code?: string;
  message?: string;
}

export async function authRequest<T = unknown>(
  path: string,
  body?: unknown,
): Promise<{ data: T | null; error: AuthCallError | null }> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
      credentials: "same-origin",
    });
  } catch {
    return { data: null, error: { status: 0, code: "NETWORK" } };
  }
  const payload = (await response.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (!response.ok) {
    return { data: null, error: { status: response.status, code: payload?.code, message: payload?.message } };
  }
  return { data: payload, error: null };
}

export const IDP_MESSAGE_TYPE = "occazio:identity-provider";

/** Better Auth provider id of the generic OpenID Connect provider (redirect URI to register: /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = "oidc";

export interface IdpPopupMessage {
  type: typeof IDP_MESSAGE_TYPE;
  ok: boolean;
  error?: string;
}

/**
 * Identity-provider sign-in in a popup window (spec §2). The window is opened synchronously in
 * the click handler (so browsers allow it) and runs the OAuth redirect flow on our own
 * /connexion/fournisseur pages. Providers' pages often send a Cross-Origin-Opener-Policy that
 * cuts the popup's link to this page, so the outcome comes back on a same-origin
 * BroadcastChannel rather than through window.opener. `signal` lets the user give up.
 */
export function signInWithPopup(signal?: AbortSignal): Promise<{ ok: true } | { ok: false; code: string }> {
  const width = 500;
  const height = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  const channel = new BroadcastChannel(IDP_MESSAGE_TYPE);
  const popup = window.open(
    "/connexion/fournisseur",
    "occazio-identity-provider",
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) {
    channel.close();
    return Promise.resolve({ ok: false, code: "POPUP_BLOCKED" });
  }
  return new Promise((resolve) => {
    const finish = (result: { ok: true } | { ok: false; code: string }) => {
      channel.close();
      window.clearTimeout(timeout);
      resolve(result);
    };
    channel.onmessage = (event: MessageEvent<IdpPopupMessage>) => {
      if (event.data?.type !== IDP_MESSAGE_TYPE) return;
      finish(event.data.ok ? { ok: true } : { ok: false, code: event.data.error ?? "UNKNOWN" });
    };
    const timeout = window.setTimeout(() => finish({ ok: false, code: "POPUP_CLOSED" }), 10 * 60_000);
    signal?.addEventListener("abort", () => {
      if (!popup.closed) popup.close();
      finish({ ok: false, code: "POPUP_CLOSED" });
    });
  });
}

/** Called by the popup's last page. */
export function reportPopupOutcome(message: IdpPopupMessage): void {
  const channel = new BroadcastChannel(IDP_MESSAGE_TYPE);
  channel.postMessage(message);
  channel.close();
}
