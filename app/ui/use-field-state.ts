import { useLayoutEffect, useRef, useState } from "react";

/**
 * The state of a controlled field that starts from what the visitor typed before the page
 * hydrated. Pages are painted before their JavaScript runs (decision 0024), so a field can be
 * filled in meanwhile; React keeps that text when it hydrates but does not replay it into state,
 * so the first re-render after hydration writes the old state back into the field (the typed
 * text is erased) and what depends on the state (the brand's model suggestions, a hint) is wrong
 * meanwhile. Once, as the field mounts, its own value is read back through `normalize` (what the
 * field's `onChange` does to typed text).
 */
export function useFieldState<Element extends HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
  initial: string,
  normalize: (typed: string) => string = (typed) => typed,
) {
  const [value, setValue] = useState(initial);
  const ref = useRef<Element>(null);
  useLayoutEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== initial) setValue(normalize(typed));
    // Once: later changes go through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [value, setValue, ref] as const;
}

/**
 * The same for a form whose fields are controlled by its component (the search forms of the
 * header, the home page and /recherche, which work as plain GET forms before hydration): once,
 * as the form mounts, `takeOver` receives the form's own values — what was typed or chosen
 * before hydration — and gives the ones that differ to state. Returns the form's ref.
 */
export function useFormTypedBeforeHydration(takeOver: (typed: (name: string) => string) => void) {
  const ref = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    if (!ref.current) return;
    const values = new FormData(ref.current);
    takeOver((name) => {
      const value = values.get(name);
      return typeof value === "string" ? value : "";
    });
    // Once: later changes go through the fields' onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
