import { useEffect } from "react";
import { Outlet, useRevalidator } from "react-router";
import { AuthDialogProvider } from "~/features/auth/auth-dialog";
import { SiteFooter } from "~/ui/site-footer";
import { SiteHeader } from "~/ui/site-header";
import { TabBar } from "~/ui/tab-bar";

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

export default function SiteLayout() {
  useRevalidateOnFocus();
  return (
    <AuthDialogProvider>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <main id="contenu" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
          <Outlet />
        </main>
        <SiteFooter />
        <TabBar />
      </div>
    </AuthDialogProvider>
  );
}
