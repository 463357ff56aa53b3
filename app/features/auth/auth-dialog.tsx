import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type AuthMode = "login" | "signup" | "forgot";

export interface OpenOptions {
  mode?: AuthMode;
  /** Shown above the form, e.g. "Vous devez être connecté pour publier une annonce." */
  reason?: string;
  /** Runs after a successful sign-in or sign-up. */
  onSuccess?: () => void;
}

export type AuthDialogState = OpenOptions & { open: boolean; key: number };

const AuthDialogContext = createContext<{ openAuthDialog: (options?: OpenOptions) => void }>({
  openAuthDialog: () => {},
});

/** The popup, its form, the auth client and the password rules: fetched when first opened. */
const AuthDialog = lazy(() => import("./auth-dialog-content"));

/** Fetches the popup's code ahead of a likely click (pointer over or focus on a sign-in button). */
export function preloadAuthDialog(): void {
  void import("./auth-dialog-content");
}

/** Opens the login / sign-up popup from anywhere (header, tab bar, alerts). */
export function useAuthDialog() {
  return useContext(AuthDialogContext);
}

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthDialogState | null>(null);
  const openAuthDialog = useCallback((options: OpenOptions = {}) => {
    setState((previous) => ({ ...options, open: true, key: (previous?.key ?? 0) + 1 }));
  }, []);
  const value = useMemo(() => ({ openAuthDialog }), [openAuthDialog]);
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {state ? (
        <Suspense fallback={null}>
          <AuthDialog state={state} setState={setState} />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}
