import { useEffect, useState, type ReactNode } from "react";

/** Renders `children` after hydration only (browser-only widgets such as maps). */
export function ClientOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{mounted ? children() : fallback}</>;
}
