import { useEffect, useState } from "react";

/**
 * False in the server-rendered HTML and until this component's effects have run in the browser,
 * then true: the moment its event handlers answer. Buttons that only work with JavaScript
 * ('Filtres', the header's phone search, hearts) are disabled — visibly — until then, so a tap
 * on a slow phone never does nothing (issue 15, decision 0021).
 *
 * An effect rather than `useSyncExternalStore` (`useHydrated`): the latter's post-hydration
 * re-render can wait behind a pending navigation or revalidation transition, leaving the button
 * disabled for as long as that request takes; an effect's update is not part of any transition.
 */
export function useInteractive(): boolean {
  const [interactive, setInteractive] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the point is to flip once mounted
  useEffect(() => setInteractive(true), []);
  return interactive;
}
