import { Link } from "react-router";
import { HeaderSearch } from "~/features/search/header-search";
import { AccountMenu } from "./account-menu";
import { Logo } from "~/ui/logo";

export function SiteHeader() {
  return (
    // Opaque, no backdrop blur: on a phone without GPU raster the blur repainted under every
    // scrolled frame (long tasks of 50–100 ms at a mid-range phone's speed, issue 36).
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Aller au contenu
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Logo />
        <HeaderSearch />
        <div className="ml-auto flex items-center gap-3">
          <Link
            to="/publish"
            className="hidden rounded-lg bg-accent-500 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-accent-600 sm:inline-block"
          >
            Déposer une annonce
          </Link>
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
