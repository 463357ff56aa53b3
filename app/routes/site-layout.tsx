import { Outlet } from "react-router";
import { SiteFooter } from "~/ui/site-footer";
import { SiteHeader } from "~/ui/site-header";
import { TabBar } from "~/ui/tab-bar";

export default function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="contenu" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <SiteFooter />
      <TabBar />
    </div>
  );
}
