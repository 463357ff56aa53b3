import { Link } from "react-router";

const COLUMNS = [
  {
    title: "À propos",
    links: [
      { to: "/help", label: "Qui sommes-nous ?" },
      { to: "/recherche", label: "Toutes les annonces" },
      { to: "/publish", label: "Vendre mon véhicule" },
    ],
  },
  {
    title: "FAQ",
    links: [
      { to: "/help#contacter-un-vendeur", label: "Contacter un vendeur" },
      { to: "/help#publier-et-gerer", label: "Publier et gérer mes annonces" },
      { to: "/help#gerer-mon-compte", label: "Gérer mon compte" },
    ],
  },
  {
    title: "Informations légales",
    links: [
      { to: "/mentions-legales", label: "Mentions légales" },
      { to: "/charte-cookies", label: "Charte cookies" },
      { to: "/privacy", label: "Politique de confidentialité" },
      { to: "/terms", label: "Conditions générales d'utilisation" },
      { to: "/classement-des-annonces", label: "Comment les annonces sont classées" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white pb-tab-bar wide:pb-0">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm text-slate-700 hover:text-brand-700 hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} Occazio. Tous droits réservés.
      </p>
    </footer>
  );
}
