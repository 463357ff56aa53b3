import { useSyncExternalStore, type ReactNode } from "react";

const noop = () => () => {};

/** False while rendering on the server and hydrating, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noop, () => true, () => false);
}

/** Renders `children` in the browser only (browser-only widgets such as maps). */
export function ClientOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  return <>{useHydrated() ? children() : fallback}</>;
}
