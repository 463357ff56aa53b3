import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useRevalidator } from "react-router";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import type { SessionUser } from "~/features/auth/session-user";
import { signOut } from "~/features/auth/sign-out";
import {
  AccountMenuTriggerContent,
  accountMenuLabel,
  accountMenuTriggerClass,
  unreadBadgeText,
  unreadLabel,
} from "./account-menu";

const itemClass =
  "block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800";

/**
 * The header account menu's Radix dropdown (spec §2): signed in → my listings, messages,
 * favourites, account, logout; signed out → login, sign-up. Loaded by `AccountMenu` on the
 * first click, mounted open (decision 0021).
 */
export default function AccountMenuDropdown({ user, unread }: { user: SessionUser | null; unread: number }) {
  const { openAuthDialog } = useAuthDialog();
  const revalidator = useRevalidator();
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger className={accountMenuTriggerClass} aria-label={accountMenuLabel(user, unread)}>
        <AccountMenuTriggerContent user={user} unread={unread} />
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
                <Link to="/vus-recemment">Vus récemment</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/account-settings">Compte</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/account/professionnel">Je suis un professionnel</Link>
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
