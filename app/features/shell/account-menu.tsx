import { useState } from "react";
import { preloadAuthDialog } from "~/features/auth/auth-dialog";
import { displayName, useOptionalUser, useRootData, type SessionUser } from "~/features/auth/session-user";
import { useInteractive } from "~/ui/use-interactive";
import { useLiveRevalidation } from "~/ui/use-live-revalidation";
import { UserAvatar } from "~/ui/user-avatar";
import { deName } from "~/ui/elision";

/**
 * A new message for the signed-in user reloads the page's data wherever they are: the badge
 * below, and the inbox or the open conversation when that is the page. One subscription per
 * page, here in the header, which every page of the site has.
 */
function LiveMessages() {
  useLiveRevalidation(["messages-changed"]);
  return null;
}

/** "3", or "9+" when there are more. */
export function unreadBadgeText(count: number): string {
  return count > 9 ? "9+" : String(count);
}

export function unreadLabel(count: number): string {
  return count === 1 ? "1 message non lu" : `${count} messages non lus`;
}

export function accountMenuLabel(user: SessionUser | null, unread: number): string {
  return user
    ? `Menu du compte ${deName(displayName(user))}${unread > 0 ? ` (${unreadLabel(unread)})` : ""}`
    : "Menu : connexion ou inscription";
}

export const accountMenuTriggerClass =
  "relative flex items-center gap-2 rounded-full border border-slate-300 py-1 pl-3 pr-1 text-sm font-medium text-slate-800 hover:shadow-sm disabled:cursor-wait disabled:opacity-60 aria-busy:cursor-wait";

export function AccountMenuTriggerContent({ user, unread }: { user: SessionUser | null; unread: number }) {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <UserAvatar user={user} />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="absolute -right-1.5 -top-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white ring-2 ring-white"
        >
          {unreadBadgeText(unread)}
        </span>
      ) : null}
    </>
  );
}

type Dropdown = typeof import("./account-menu-dropdown").default;

/** The Radix dropdown, fetched on the first click (or earlier, on hover or focus); kept once loaded. */
let loadedDropdown: Dropdown | null = null;
let loadingDropdown: Promise<Dropdown> | null = null;
function loadDropdown(): Promise<Dropdown> {
  loadingDropdown ??= import("./account-menu-dropdown").then(
    (module) => (loadedDropdown = module.default),
    (error: unknown) => {
      loadingDropdown = null; // a later click tries again
      throw error;
    },
  );
  return loadingDropdown;
}
const preloadDropdown = () => {
  loadDropdown().catch(() => {});
  preloadAuthDialog();
};

/**
 * Header account menu (spec §2). The page ships a plain button; the first click loads the
 * dropdown and mounts it open in the button's place (decision 0021). Until the page is hydrated
 * the button is disabled, visibly, rather than ignoring a tap. While the dropdown's code loads
 * after a click it stays the same enabled, focused button, marked `aria-busy` — a disabled one
 * would drop the keyboard focus and be skipped by screen readers — and the menu opens as soon
 * as the code is there.
 */
export function AccountMenu() {
  const user = useOptionalUser();
  const { unreadMessages } = useRootData();
  const unread = user ? unreadMessages : 0;
  const hydrated = useInteractive();
  // A component in state: set it with the updater form, or React would call it.
  const [OpenDropdown, setOpenDropdown] = useState<Dropdown | null>(null);
  const [busy, setBusy] = useState(false);

  function open() {
    if (loadedDropdown) return setOpenDropdown(() => loadedDropdown);
    if (busy) return;
    setBusy(true);
    loadDropdown().then(
      (component) => {
        setBusy(false);
        setOpenDropdown(() => component);
      },
      () => setBusy(false),
    );
  }

  return (
    <>
      {user ? <LiveMessages /> : null}
      {OpenDropdown ? (
        <OpenDropdown user={user} unread={unread} />
      ) : (
        <button
          type="button"
          className={accountMenuTriggerClass}
          aria-label={accountMenuLabel(user, unread)}
          aria-haspopup="menu"
          aria-expanded={false}
          aria-busy={busy || undefined}
          disabled={!hydrated}
          onPointerEnter={preloadDropdown}
          onPointerDown={preloadDropdown}
          onFocus={preloadDropdown}
          onClick={open}
        >
          <AccountMenuTriggerContent user={user} unread={unread} />
        </button>
      )}
    </>
  );
}
