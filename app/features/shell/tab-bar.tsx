import { NavLink } from "react-router";
import { useAuthDialog } from "~/features/auth/auth-dialog";
import { useOptionalUser, useRootData } from "~/features/auth/session-user";
import { useInteractive } from "~/ui/use-interactive";
import { unreadBadgeText, unreadLabel } from "./account-menu";

const ICONS = {
  home: "M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  search:
    "M10.5 3a7.5 7.5 0 0 1 5.9 12.1l4.3 4.3-1.4 1.4-4.3-4.3A7.5 7.5 0 1 1 10.5 3zm0 2a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11z",
  publish: "M11 4h2v7h7v2h-7v7h-2v-7H4v-2h7z",
  heart:
    "M12 20.5 4.2 12.9A4.9 4.9 0 0 1 11.2 6l.8.8.8-.8a4.9 4.9 0 0 1 7 6.9z",
  profile: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z",
};

function TabIcon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 fill-current">
      <path d={path} />
    </svg>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `flex h-full flex-col items-center justify-center gap-0.5 text-xs font-medium ${isActive ? "text-brand-700" : "text-slate-600"}`;

/** Bottom navigation on screens of 768 px or less (spec §2), `h-tab-bar` high (app.css). */
export function TabBar() {
  const user = useOptionalUser();
  const { unreadMessages } = useRootData();
  const { openAuthDialog } = useAuthDialog();
  // The login popup needs the page's JavaScript: visibly disabled until it runs (decision 0024).
  const interactive = useInteractive();
  const tabs = user
    ? [
        { to: "/home", label: "Accueil", icon: ICONS.home },
        { to: "/recherche", label: "Explorer", icon: ICONS.search },
        { to: "/publish", label: "Publier", icon: ICONS.publish },
        { to: "/wishlists", label: "Favoris", icon: ICONS.heart },
        { to: "/account-settings", label: "Profil", icon: ICONS.profile },
      ]
    : [
        { to: "/home", label: "Accueil", icon: ICONS.home },
        { to: "/recherche", label: "Explorer", icon: ICONS.search },
      ];
  return (
    <nav
      aria-label="Navigation principale"
      className="fixed inset-x-0 bottom-0 z-30 h-tab-bar border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] wide:hidden"
    >
      <ul className="flex h-full justify-around">
        {tabs.map((tab) => (
          <li key={tab.to} className="h-full flex-1">
            <NavLink to={tab.to} className={tabClass}>
              {/* Unread messages show on 'Profil', whose page leads to Messages. */}
              {tab.to === "/account-settings" && user && unreadMessages > 0 ? (
                <span className="relative">
                  <TabIcon path={tab.icon} />
                  <span aria-hidden="true" className="absolute -right-2.5 -top-1 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-4 text-white">
                    {unreadBadgeText(unreadMessages)}
                  </span>
                </span>
              ) : (
                <TabIcon path={tab.icon} />
              )}
              {tab.label}
              {tab.to === "/account-settings" && user && unreadMessages > 0 ? <span className="sr-only">, {unreadLabel(unreadMessages)}</span> : null}
            </NavLink>
          </li>
        ))}
        {user ? null : (
          <li className="h-full flex-1">
            <button
              type="button"
              className="flex h-full w-full flex-col items-center justify-center gap-0.5 text-xs font-medium text-slate-600 disabled:cursor-wait disabled:opacity-50"
              disabled={!interactive}
              onClick={() => openAuthDialog({ mode: "login" })}
            >
              <TabIcon path={ICONS.profile} />
              Connexion
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
