import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useRevalidator } from "react-router";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { displayName, useOptionalUser, useRootData } from "~/features/auth/session-user";
import { signOut } from "~/features/auth/sign-out";
import { useLiveRevalidation } from "./use-live-revalidation";
import { UserAvatar } from "./user-avatar";

const itemClass =
  "block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800";

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

/** Header account menu (spec §2): signed in → my listings, messages, favourites, account, logout. */
export function AccountMenu() {
  const user = useOptionalUser();
  const { unreadMessages } = useRootData();
  const unread = user ? unreadMessages : 0;
  const { openAuthDialog } = useAuthDialog();
  const revalidator = useRevalidator();
  return (
    <DropdownMenu.Root modal={false}>
      {user ? <LiveMessages /> : null}
      <DropdownMenu.Trigger
        className="relative flex items-center gap-2 rounded-full border border-slate-300 py-1 pl-3 pr-1 text-sm font-medium text-slate-800 hover:shadow-sm"
        aria-label={user ? `Menu du compte de ${displayName(user)}${unread > 0 ? ` (${unreadLabel(unread)})` : ""}` : "Menu : connexion ou inscription"}
      >
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
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        {/* Never wider than the screen: a long e-mail wraps at any character instead. */}
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-40 w-max min-w-56 max-w-[min(20rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {user ? (
            <>
              <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-500 [overflow-wrap:anywhere]">
                Connecté : {user.email}
              </DropdownMenu.Label>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/hosting">Mes annonces</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/messages" className="flex items-center justify-between gap-3">
                  Messages
                  {unread > 0 ? (
                    <span className="rounded-full bg-red-600 px-2 text-xs font-bold leading-5 text-white">
                      <span aria-hidden="true">{unreadBadgeText(unread)}</span>
                      <span className="sr-only">{unreadLabel(unread)}</span>
                    </span>
                  ) : null}
                </Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/wishlists">Mes favoris</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/recherches">Mes recherches</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/account-settings">Compte</Link>
              </DropdownMenu.Item>
              {user.role === "moderator" ? (
                <DropdownMenu.Item asChild className={itemClass}>
                  <Link to="/moderation">Modération</Link>
                </DropdownMenu.Item>
              ) : null}
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Item className={itemClass} onSelect={() => void signOut(revalidator.revalidate)}>
                Se déconnecter
              </DropdownMenu.Item>
            </>
          ) : (
            <>
              <DropdownMenu.Item className={itemClass} onSelect={() => openAuthDialog({ mode: "login" })}>
                Connexion
              </DropdownMenu.Item>
              <DropdownMenu.Item className={itemClass} onSelect={() => openAuthDialog({ mode: "signup" })}>
                Inscription
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
