import { lazy, Suspense, useRef, useState, type ComponentType, type MouseEvent, type ReactNode } from "react";
import { useInteractive } from "./use-interactive";

/**
 * Dialogs whose code (Radix dialog and their content) loads the first time they are opened
 * (decision 0021). The page ships a plain button; this module holds what every such button and
 * dialog share, and imports nothing heavy itself — it must stay out of Radix's chunk.
 *
 * Without a `Dialog.Trigger`, Radix does not know which button opened the dialog and, on close
 * (Escape, ×, 'Annuler'), sends the focus to <body>. `onCloseAutoFocus` below gives it back to
 * the button that opened the dialog, as a keyboard or screen-reader user expects (WAI-ARIA
 * dialog pattern).
 */

/** What the lazily loaded panel needs from its button: spread on `Dialog.Root` and `Dialog.Content`. */
export interface LazyDialogPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** For `Dialog.Content`: focus back on the button that opened the dialog. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * `React.lazy` for a dialog module, with a `preload` that starts fetching it ahead of a likely
 * click. Call at module level (a lazy component created during render would reload each time).
 */
export function lazyDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return { Panel: lazy(load), preload: () => void load() };
}

/**
 * State of one lazily loaded dialog and the props of the button that opens it:
 * - `triggerProps`: spread on the `<button>` — disabled (visibly) until hydration, preloads the
 *   dialog's code on pointer over, pointer down and focus, opens it on click;
 * - `show(trigger)`: opens it from another element (several photos open one viewer);
 * - `mounted`: true from the first opening on (render the panel through `LazyDialogSlot`);
 * - `panelProps`: open state and the focus return for the panel.
 */
export function useLazyDialog(preload: () => void) {
  const hydrated = useInteractive();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);

  function show(trigger?: HTMLButtonElement | null) {
    if (trigger) triggerRef.current = trigger;
    setMounted(true);
    setOpen(true);
  }

  function onCloseAutoFocus(event: Event) {
    const trigger = triggerRef.current;
    // Gone (a navigation re-rendered the header) or hidden (the screen was resized past the
    // breakpoint): leave Radix's default rather than focus nothing.
    if (!trigger?.isConnected || (trigger.checkVisibility && !trigger.checkVisibility())) return;
    event.preventDefault();
    trigger.focus({ preventScroll: true });
  }

  const preloadProps = { onPointerEnter: preload, onPointerDown: preload, onFocus: preload };

  const triggerProps = {
    ref: triggerRef,
    type: "button" as const,
    "aria-haspopup": "dialog" as const,
    "aria-expanded": open,
    disabled: !hydrated,
    ...preloadProps,
    onClick: (event: MouseEvent<HTMLButtonElement>) => show(event.currentTarget),
  };

  const panelProps: LazyDialogPanelProps = { open, onOpenChange: setOpen, onCloseAutoFocus };

  return { hydrated, open, setOpen, mounted, show, triggerRef, triggerProps, preloadProps, panelProps };
}

export type LazyDialogState = ReturnType<typeof useLazyDialog>;

/** Renders the lazily loaded panel once the dialog has been opened, nothing before. */
export function LazyDialogSlot({ mounted, children }: { mounted: boolean; children: ReactNode }) {
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}
