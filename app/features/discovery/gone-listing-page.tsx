import { Link, useParams } from "react-router";
import { formatMileage, formatPrice } from "~/ui/format";
import { PLACEHOLDER_PHOTO_SRC } from "~/ui/photo-carousel";
import type { GoneListing } from "./gone-listing-data";
import { SimilarListings } from "./similar-listings";

/**
 * The page of a listing that is no longer for sale (status 410, issue 36): a sold car keeps its
 * title, main photo, year, mileage and last price; a removed one shows nothing of itself. Both
 * lead on to similar cars.
 */
export function GoneListingContent({ gone }: { gone: GoneListing }) {
  // The page's own URL names the listing (nothing of a removed listing is sent with it).
  const { id } = useParams();
  return (
    <div className="space-y-8">
      {gone.kind === "sold" ? <SoldSummary gone={gone} /> : <Removed />}
      <SimilarListings listings={gone.similar} listingId={id} />
    </div>
  );
}

function SoldSummary({ gone }: { gone: Extract<GoneListing, { kind: "sold" }> }) {
  const title = `${gone.brand} ${gone.model}`;
  const facts = [gone.year, gone.mileage != null ? formatMileage(gone.mileage) : null].filter(Boolean).join(" · ");
  const search = `/recherche?${new URLSearchParams({ brand: gone.brand, model: gone.model })}`;
  return (
    <section className="overflow-hidden rounded-xl bg-white shadow-sm sm:flex">
      <img
        src={gone.photo?.src ?? PLACEHOLDER_PHOTO_SRC}
        srcSet={gone.photo?.srcSet}
        sizes="(max-width: 639px) 100vw, 320px"
        alt={title}
        className="aspect-[4/3] w-full object-cover grayscale-[40%] sm:w-80"
      />
      <div className="space-y-2 p-5">
        <p className="inline-block rounded bg-slate-800 px-2 py-0.5 text-sm font-semibold text-white">Vendu</p>
        <h1 className="text-2xl font-bold">Ce véhicule a été vendu</h1>
        <p className="text-lg font-semibold">{title}</p>
        {facts ? <p className="text-slate-600">{facts}</p> : null}
        {gone.price != null ? <p className="text-slate-600">{`Dernier prix affiché : ${formatPrice(gone.price)}`}</p> : null}
        <Link to={search} className="inline-block pt-2 font-semibold text-brand-700 underline-offset-2 hover:underline">
          {`Voir les ${title} en vente`}
        </Link>
      </div>
    </section>
  );
}

function Removed() {
  return (
    <section className="rounded-xl bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold">Cette annonce n'est plus en ligne</h1>
      <p className="mt-2 text-slate-600">Le véhicule n'est plus proposé à la vente sur Occazio.</p>
      <Link to="/recherche" className="mt-4 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline">
        Rechercher un véhicule
      </Link>
    </section>
  );
}
