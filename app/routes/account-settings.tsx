import { Link, useRevalidator } from "react-router";
import { displayName, useRootData } from "~/features/auth/session-user";
import { requireUser } from "~/features/auth/session.server";
import { getProStatus } from "~/features/pro/get-pro-profile.server";
import { PRO_PAGE_PATH, proStatusLabel } from "~/features/pro/pro-status";
import { signOut } from "~/features/auth/sign-out";
import { unreadLabel } from "~/features/shell/account-menu";
import { Button, buttonClasses } from "~/ui/button";
import { pageMeta } from "~/ui/seo";
import { UserAvatar } from "~/ui/user-avatar";
import type { Route } from "./+types/account-settings";

export function meta() {
  return [...pageMeta("Compte", "Gérez votre compte Occazio."), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireUser(request, context.services);
  const pro = await getProStatus({ db: context.services.db, userId: me.id });
  return { me, proStatus: pro ? proStatusLabel(pro.status, pro.refusalReason) : null };
}

const PRO_ICON = "M4 7h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zm5-3h6a1 1 0 0 1 1 1v2h-2V6h-4v1H8V5a1 1 0 0 1 1-1zm-6 9h18v2H3z";

/** 'Je suis un professionnel' (issue 33): its verification status once the profile exists. */
function proCard(status: string | null) {
  return {
    to: PRO_PAGE_PATH,
    title: "Je suis un professionnel",
    text: status ?? "Garage, négociant : déclarez votre entreprise et obtenez le badge « Pro ».",
    icon: PRO_ICON,
  };
}

const CARDS = [
  {
    to: "/personal-info",
    title: "Informations personnelles",
    text: "Pseudo, nom, prénom et téléphone.",
    icon: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z",
  },
  {
    to: "/account",
    title: "Connexion et sécurité",
    text: "Mot de passe, appareils connectés, suppression du compte.",
    icon: "M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5zm0 10h6c-.5 3.9-2.9 7.3-6 8.3V12H6V6.3l6-2.2z",
  },
  {
    to: "/recherches",
    title: "Mes recherches",
    text: "Recherches sauvegardées et alertes e-mail.",
    icon: "M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z",
  },
  {
    to: "/vus-recemment",
    title: "Vus récemment",
    text: "Les dernières annonces que vous avez ouvertes.",
    icon: "M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7zm0 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4z",
  },
  {
    to: "/account/notifications",
    title: "Notifications",
    text: "Choisissez les e-mails que vous recevez.",
    icon: "M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.8V3a1.5 1.5 0 0 0-3 0v1.2A7 7 0 0 0 5 11v5l-2 2v1h18v-1z",
  },
];

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { me, proStatus } = loaderData;
  const cards = [...CARDS, proCard(proStatus)];
  const { unreadMessages } = useRootData();
  const revalidator = useRevalidator();
  const name = displayName(me);
  const logout = () => void signOut(revalidator.revalidate);
  return (
    <div>
      {/* Narrow screens (spec §2): profile (first name or 'Utilisateur'), promo, seller mode, entries, logout, footer links. */}
      <div className="space-y-5 wide:hidden">
        <h1 className="sr-only">Compte</h1>
        <div className="flex items-center gap-4 rounded-xl bg-white p-4 shadow-sm">
          <UserAvatar user={me} size="lg" />
          <div>
            <p className="text-lg font-semibold">{name}</p>
            <Link to="/profile" className="text-sm text-brand-700 underline">
              Afficher le profil
            </Link>
          </div>
        </div>
        <Link to="/publish" className="block rounded-xl bg-gradient-to-br from-brand-800 to-brand-600 p-4 text-white shadow-sm">
          <p className="font-semibold">Vendez votre véhicule sur Occazio</p>
          <p className="text-sm text-brand-100">Déposez une annonce en quelques minutes.</p>
        </Link>
        <Link to="/hosting" className={buttonClasses("secondary", "w-full")}>
          Passer en mode vendeur
        </Link>
        <ul className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm">
          <li>
            <Link to="/messages" className="flex items-center justify-between px-4 py-3">
              <span>Messages</span>
              <span className="flex items-center gap-2">
                {unreadMessages > 0 ? (
                  <span className="rounded-full bg-red-600 px-2 text-xs font-bold leading-5 text-white">{unreadLabel(unreadMessages)}</span>
                ) : null}
                <span aria-hidden="true">›</span>
              </span>
            </Link>
          </li>
          {cards.map((card) => (
            <li key={card.to}>
              <Link to={card.to} className="flex items-center justify-between gap-3 px-4 py-3">
                <span>
                  {card.title}
                  {card.to === PRO_PAGE_PATH && proStatus ? (
                    <span className="block text-xs text-slate-600" data-testid="account-pro-status">
                      {proStatus}
                    </span>
                  ) : null}
                </span>
                <span aria-hidden="true">›</span>
              </Link>
            </li>
          ))}
        </ul>
        <Button variant="secondary" className="w-full" onClick={logout}>
          Se déconnecter
        </Button>
        <nav aria-label="Liens utiles" className="flex justify-center gap-4 text-sm text-slate-600">
          <Link to="/help">Aide</Link>
          <Link to="/terms">Conditions</Link>
          <Link to="/privacy">Confidentialité</Link>
        </nav>
      </div>

      {/* Wide screens: title, name and e-mail, cards. */}
      <div className="hidden wide:block">
        <h1 className="text-3xl font-bold">Compte</h1>
        <p className="mt-1 text-slate-600">
          <span className="font-semibold text-slate-900">{[me.firstname, me.lastname].filter(Boolean).join(" ") || name}</span>, {me.email}
          {" · "}
          <Link to="/profile" className="text-brand-700 underline">
            Afficher le profil
          </Link>
        </p>
        <ul className="mt-8 grid grid-cols-3 gap-4">
          {cards.map((card) => (
            <li key={card.to}>
              <Link to={card.to} className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:shadow-md">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-8 w-8 fill-brand-600">
                  <path d={card.icon} />
                </svg>
                <h2 className="mt-3 font-semibold">{card.title}</h2>
                <p className="mt-1 text-sm text-slate-600">{card.text}</p>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex gap-3">
          <Link to="/hosting" className={buttonClasses("secondary")}>
            Passer en mode vendeur
          </Link>
          <Button variant="ghost" onClick={logout}>
            Se déconnecter
          </Button>
        </div>
      </div>
    </div>
  );
}
