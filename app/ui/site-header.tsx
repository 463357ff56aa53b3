import { Link, NavLink } from "react-router";
import { Logo } from "./logo";

const MENU = [
  { to: "/hosting", label: "Mes annonces" },
  { to: "/wishlists", label: "Mes favoris" },
  { to: "/account-settings", label: "Compte" },
];

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Aller au contenu
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Logo />
        <nav aria-label="Menu principal" className="ml-auto hidden items-center gap-1 md:flex">
          {MENU.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                `rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 ${isActive ? "text-brand-700" : "text-slate-700"}`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <Link
          to="/publish"
          className="ml-auto rounded-lg bg-accent-500 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-accent-600 md:ml-2"
        >
          Déposer une annonce
        </Link>
      </div>
    </header>
  );
}
