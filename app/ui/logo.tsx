import { Link } from "react-router";

export function Logo() {
  return (
    <Link
      to="/home"
      className="flex items-center gap-2 font-extrabold tracking-tight text-brand-700"
      aria-label="Occazio, retour à l'accueil"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M7 19.5l2-5.2c.4-1 1.2-1.6 2.3-1.6h9.4c1.1 0 1.9.6 2.3 1.6l2 5.2v3.3c0 .6-.5 1.2-1.2 1.2h-1.1c-.6 0-1.1-.5-1.1-1.2V22H11.4v.8c0 .7-.5 1.2-1.1 1.2H9.2C8.5 24 8 23.4 8 22.8z"
          fill="#fff"
        />
        <circle cx="11.5" cy="19" r="1.3" fill="currentColor" />
        <circle cx="20.5" cy="19" r="1.3" fill="currentColor" />
      </svg>
      <span className="text-xl">Occazio</span>
    </Link>
  );
}
