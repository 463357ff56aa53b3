import { useEffect } from "react";
import { Outlet, useNavigation, useRevalidator } from "react-router";
import { AuthDialogProvider } from "~/features/auth/auth-dialog";
import { EmailConfirmedBanner } from "~/features/auth/email-confirmed-banner";
import { ComparisonTrayBar, ComparisonTrayProvider } from "~/features/compare/comparison-tray";
import { SiteFooter } from "~/features/shell/site-footer";
import { SiteHeader } from "~/features/shell/site-header";
import { TabBar } from "~/features/shell/tab-bar";

/** Signing in or out in another tab shows here as soon as this tab is looked at again. */
function useRevalidateOnFocus() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [revalidator]);
}

/** The spec's loading texts while a client-side navigation fetches the next page's data. */
function NavigationStatus() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  const path = navigation.location.pathname;
  const text = path.startsWith("/annonce/")
    ? "Chargement de l'annonce..."
    : path.startsWith("/wishlists")
      ? "Chargement des favoris..."
      : path.startsWith("/comparer")
        ? "Chargement de la comparaison..."
        : "Chargement...";
  return (
    <p role="status" className="fixed left-1/2 top-20 z-40 -translate-x-1/2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg">
      {text}
    </p>
  );
}

export default function SiteLayout() {
  useRevalidateOnFocus();
  return (
    <AuthDialogProvider>
      <ComparisonTrayProvider>
        <div className="flex min-h-dvh flex-col">
          <SiteHeader />
          <NavigationStatus />
          <EmailConfirmedBanner />
          <main id="contenu" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
            <Outlet />
          </main>
          <SiteFooter />
          <ComparisonTrayBar />
          <TabBar />
        </div>
      </ComparisonTrayProvider>
    </AuthDialogProvider>
  );
}
