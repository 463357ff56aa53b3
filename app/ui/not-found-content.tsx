import { Link } from "react-router";

export function NotFoundContent() {
  return (
    <section className="rounded-xl bg-white p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold">404 - Page not found</h1>
      <p className="mt-2 text-slate-600">La page que vous cherchez n'existe pas ou n'est plus disponible.</p>
      <Link
        to="/home"
        className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        Retour à l'accueil
      </Link>
    </section>
  );
}
