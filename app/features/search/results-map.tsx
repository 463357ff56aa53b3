import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { Circle, MapContainer, useMap, ZoomControl } from "react-leaflet";
import { BaseTiles } from "~/features/maps/base-tiles";
import { Link } from "react-router";
import Supercluster, {
  type AnyProps,
  type ClusterFeature as SuperclusterCluster,
  type PointFeature as SuperclusterPoint,
} from "supercluster";
import { FavoriteButton } from "~/features/favorites/favorite-button";
import { PLACEHOLDER_PHOTO, recordCardClick } from "~/features/listings/listing-card";
import { listingPath } from "~/features/listings/listing-seo";
import { formatNumber, formatPrice } from "~/ui/format";
import { PriceRatingBadge } from "~/features/pricing/price-rating-badge";
import { isPriceLevel } from "~/features/pricing/price-rating";
import { MAP_BOX } from "./search-map-box";
import type { GeoPoint, MapCard, MapPoint, MapPointsResult } from "./search-types";

/**
 * The map view of /recherche (spec §2 Search, §9): Leaflet centred on France at zoom 6 — or,
 * with a postal code, fitted to the searched circle, which it draws (GUIDE §6.11) — one
 * 80×40 price label per listing, clustered with supercluster (60 px grid, clusters from 2
 * points) and redrawn for the visible area only after each move or zoom, so the 5 000 markers
 * of a broad search stay smooth. Markers are HTML (divIcon), so they show without tiles.
 *
 * Loaded in the browser only, on demand (React.lazy): Leaflet never weighs on the list view.
 */

export const FRANCE_CENTER: [number, number] = [46.6, 2.4];
export const FRANCE_ZOOM = 6;
/** Clusters form up to this zoom; beyond it every listing has its own marker. */
const CLUSTER_MAX_ZOOM = 16;
const MAP_MAX_ZOOM = 18;

interface PointProps {
  id: string;
  price: number | null;
}
type ClusterFeature = SuperclusterCluster<AnyProps>;
type PointFeature = SuperclusterPoint<PointProps>;

function isCluster(feature: ClusterFeature | PointFeature): feature is ClusterFeature {
  return "cluster" in feature.properties && feature.properties.cluster === true;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const priceText = (price: number | null) => (price != null ? formatPrice(price) : "Prix n.c.");
const NO_POINTS: MapPoint[] = [];

function priceIcon(price: number | null, selected: boolean): L.DivIcon {
  const tone = selected ? "bg-brand-700 text-white ring-brand-900" : "bg-white text-slate-900 ring-slate-400";
  return L.divIcon({
    className: "occazio-map-marker",
    html: `<span class="flex h-full w-full items-center justify-center rounded-lg text-sm font-bold shadow-md ring-1 ${tone}">${escapeHtml(priceText(price))}</span>`,
    iconSize: [80, 40],
    iconAnchor: [40, 40],
  });
}

function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 40 : count < 100 ? 48 : 56;
  return L.divIcon({
    className: "occazio-map-marker",
    html: `<span class="flex h-full w-full items-center justify-center rounded-full border-4 border-white/80 bg-brand-600 text-sm font-bold text-white shadow-md">${count}</span>`,
    iconSize: [size, size],
  });
}

/** Leaflet marker elements are `div role=button`: Enter and Space must act like a click. */
function onActivate(marker: L.Marker, action: () => void) {
  marker.on("click", action);
  const element = marker.getElement();
  element?.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  });
}

/** The searched circle of a postal-code search. */
export interface SearchArea {
  center: GeoPoint;
  radiusKm: number;
}

/** Some room around the circle, so its edge does not touch the map's border. */
const AREA_PADDING: L.PointExpression = [12, 12];

function areaBounds(area: SearchArea): L.LatLngBounds {
  return L.latLng(area.center.latitude, area.center.longitude).toBounds(area.radiusKm * 2 * 1000);
}

/**
 * Another search in the same map view moves the map (MapContainer reads its view once): fitted
 * to the new circle, or back to France at zoom 6 without a postal code.
 */
function FollowArea({ area }: { area?: SearchArea }) {
  const map = useMap();
  const latitude = area?.center.latitude;
  const longitude = area?.center.longitude;
  const radiusKm = area?.radiusKm;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined || radiusKm === undefined) map.setView(FRANCE_CENTER, FRANCE_ZOOM);
    else map.fitBounds(areaBounds({ center: { latitude, longitude }, radiusKm }), { padding: AREA_PADDING });
  }, [map, latitude, longitude, radiusKm]);
  return null;
}

function ClusterLayer({
  index,
  selectedId,
  onSelect,
}: {
  index: Supercluster<PointProps>;
  selectedId: string | null;
  onSelect: (ids: string[]) => void;
}) {
  const map = useMap();
  const select = useEffectEvent(onSelect);
  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    const draw = () => {
      layer.clearLayers();
      const bounds = map.getBounds();
      const zoom = Math.round(map.getZoom());
      const bbox: [number, number, number, number] = [
        Math.max(-180, bounds.getWest()),
        Math.max(-85, bounds.getSouth()),
        Math.min(180, bounds.getEast()),
        Math.min(85, bounds.getNorth()),
      ];
      for (const feature of index.getClusters(bbox, zoom)) {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        if (isCluster(feature)) {
          const count = feature.properties.point_count;
          const marker = L.marker([latitude, longitude], {
            icon: clusterIcon(count),
            title: `${count} annonces`,
            riseOnHover: true,
          }).addTo(layer);
          marker.getElement()?.setAttribute("aria-label", `${count} annonces ici : zoomer`);
          onActivate(marker, () => {
            const clusterId = feature.properties.cluster_id;
            const expansion = index.getClusterExpansionZoom(clusterId);
            if (expansion > CLUSTER_MAX_ZOOM) {
              // Listings at the very same place: zooming would not separate them.
              select(index.getLeaves(clusterId, 50).map((leaf) => leaf.properties.id));
            } else {
              map.setView([latitude, longitude], expansion);
            }
          });
        } else {
          const { id, price } = feature.properties;
          const selected = id === selectedId;
          const marker = L.marker([latitude, longitude], {
            icon: priceIcon(price, selected),
            title: priceText(price),
            riseOnHover: true,
            zIndexOffset: selected ? 1000 : 0,
          }).addTo(layer);
          marker.getElement()?.setAttribute("aria-label", `${priceText(price)} : voir l'aperçu de l'annonce`);
          onActivate(marker, () => select([id]));
        }
      }
    };
    draw();
    // moveend follows every pan and every zoom (zoomend is always followed by moveend).
    map.on("moveend", draw);
    return () => {
      map.off("moveend", draw);
      layer.remove();
    };
  }, [map, index, selectedId]);
  return null;
}

type Loaded = { key: string; result: MapPointsResult } | { key: string; failed: true };
type CardLoaded = { id: string; card: MapCard; favorite: boolean } | { id: string; failed: true };

export default function ResultsMap({
  query,
  tileUrl,
  attribution,
  area,
}: {
  /** The query string of the search (without `?`). */
  query: string;
  tileUrl: string;
  attribution: string;
  area?: SearchArea;
}) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = `${query}#${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/search/map${query ? `?${query}` : ""}`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setLoaded({ key, result: (await response.json()) as MapPointsResult });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Carte : chargement des annonces impossible", error);
        setLoaded({ key, failed: true });
      });
    return () => controller.abort();
  }, [key, query]);

  const current = loaded?.key === key ? loaded : null;
  const points = current && "result" in current ? current.result.points : NO_POINTS;

  const index = useMemo(() => {
    const cluster = new Supercluster<PointProps>({ radius: 60, extent: 256, minPoints: 2, maxZoom: CLUSTER_MAX_ZOOM });
    cluster.load(
      points.map(([id, latitude, longitude, price]) => ({
        type: "Feature" as const,
        geometry: { type: "Point" as const, coordinates: [longitude, latitude] },
        properties: { id, price },
      })),
    );
    return cluster;
  }, [points]);

  // The info card: the listings of the clicked marker (several when they share one place).
  const [selection, setSelection] = useState<{ query: string; ids: string[]; position: number } | null>(null);
  const selected = selection?.query === query ? selection : null;
  const selectedId = selected ? (selected.ids[selected.position] ?? null) : null;

  return (
    // isolate: Leaflet's panes (z-index 400–1000) stay under the sticky header and the tab bar.
    <div className={`relative isolate ${MAP_BOX} overflow-hidden rounded-xl bg-slate-200 ring-1 ring-slate-200 [&_.leaflet-control-attribution_a]:underline!`}>
      <MapContainer
        {...(area
          ? { bounds: areaBounds(area), boundsOptions: { padding: AREA_PADDING } }
          : { center: FRANCE_CENTER, zoom: FRANCE_ZOOM })}
        maxZoom={MAP_MAX_ZOOM}
        className="h-full w-full"
        attributionControl
        zoomControl={false}
      >
        <ZoomControl position="topleft" zoomInTitle="Zoom avant" zoomOutTitle="Zoom arrière" />
        <BaseTiles url={tileUrl} attribution={attribution} />
        <FollowArea area={area} />
        {area ? (
          // className and interactive are creation options (pathOptions only restyles).
          <Circle
            center={[area.center.latitude, area.center.longitude]}
            radius={area.radiusKm * 1000}
            className="occazio-search-area"
            interactive={false}
            pathOptions={{ color: "#1b5fe0", weight: 2, fillOpacity: 0.04 }}
          />
        ) : null}
        <ClusterLayer
          index={index}
          selectedId={selectedId}
          onSelect={(ids) => setSelection({ query, ids, position: 0 })}
        />
      </MapContainer>

      <div className="pointer-events-none absolute inset-x-0 bottom-6 z-[1000] flex flex-col items-center gap-2 p-3">
        {!current ? (
          <p role="status" className="rounded-full bg-slate-900/85 px-4 py-1.5 text-sm font-medium text-white">
            Chargement de la carte...
          </p>
        ) : "failed" in current ? (
          <div
            role="alert"
            className="pointer-events-auto rounded-lg bg-white px-4 py-3 text-sm shadow-lg ring-1 ring-red-200"
          >
            <p className="font-semibold text-red-800">Erreur de chargement de la carte</p>
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              className="mt-1 font-semibold text-brand-700 underline"
            >
              Réessayer
            </button>
          </div>
        ) : current.result.truncated ? (
          <p
            role="status"
            className="rounded-lg bg-amber-50 px-3 py-1.5 text-center text-sm text-amber-900 shadow ring-1 ring-amber-200"
          >
            Les {formatNumber(current.result.points.length)} annonces les plus récentes sont
            affichées : précisez votre recherche pour voir les autres.
          </p>
        ) : current.result.points.length === 0 ? (
          <p role="status" className="rounded-lg bg-white px-3 py-1.5 text-sm text-slate-700 shadow">
            Aucune annonce localisée pour cette recherche.
          </p>
        ) : null}
      </div>

      {selected && selectedId ? (
        <InfoCard
          key={selectedId}
          id={selectedId}
          position={selected.position}
          count={selected.ids.length}
          onMove={(delta) =>
            setSelection({
              ...selected,
              position: (selected.position + delta + selected.ids.length) % selected.ids.length,
            })
          }
          onClose={() => setSelection(null)}
        />
      ) : null}
    </div>
  );
}

function InfoCard({
  id,
  position,
  count,
  onMove,
  onClose,
}: {
  id: string;
  position: number;
  count: number;
  onMove: (delta: number) => void;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<CardLoaded | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/search/map-card/${encodeURIComponent(id)}`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as { card: MapCard; favorite: boolean };
        setLoaded({ id, card: body.card, favorite: body.favorite });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Carte : aperçu de l'annonce impossible", error);
        setLoaded({ id, failed: true });
      });
    return () => controller.abort();
  }, [id]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") onClose();
  };
  const current = loaded?.id === id ? loaded : null;
  const card = current && "card" in current ? current.card : null;
  const title = card ? `${card.brand} ${card.model}` : "Annonce";

  return (
    <section
      aria-label="Aperçu de l'annonce"
      onKeyDown={onKeyDown}
      // Phones: right of the zoom buttons (Leaflet's top-left control, 44 px wide), never over them.
      className="absolute left-14 right-3 top-3 z-[1000] rounded-xl bg-white shadow-xl ring-1 ring-slate-200 wide:left-auto wide:w-96"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Fermer l'aperçu"
        className="absolute right-2 top-2 z-10 rounded-full bg-white/90 p-1.5 text-slate-700 shadow hover:bg-white"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {!current ? (
        <p role="status" className="p-4 text-sm text-slate-700">
          Chargement de l'annonce...
        </p>
      ) : !card ? (
        <p role="alert" className="p-4 pr-10 text-sm text-red-800">
          Cette annonce n'est plus disponible.
        </p>
      ) : (
        <>
          <div className="flex">
            <img
              src={card.photo?.src ?? PLACEHOLDER_PHOTO}
              srcSet={card.photo?.srcSet}
              sizes="128px"
              alt={title}
              className="h-auto w-24 shrink-0 rounded-tl-xl bg-slate-100 object-cover wide:w-32"
            />
            <div className="min-w-0 flex-1 space-y-1 p-3 pr-9">
              <h3 className="truncate font-semibold">{title}</h3>
              <p className="text-lg font-bold text-brand-700">{priceText(card.price)}</p>
              {isPriceLevel(card.priceLevel) ? <PriceRatingBadge level={card.priceLevel} /> : null}
              <p className="truncate text-sm text-slate-600">
                {[card.postalCode, card.city].filter(Boolean).join(" ") || "Ville non précisée"}
              </p>
            </div>
          </div>
          {/* The heart last: its sign-in message opens below it, never over the link. */}
          <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-3 py-2">
            <Link
              to={listingPath(card)}
              onClick={() => recordCardClick(card.id)}
              className="whitespace-nowrap rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Voir l'annonce
            </Link>
            <FavoriteButton
              listingId={card.id}
              initialFavorite={"favorite" in current && current.favorite}
              screen="search"
              variant="map"
            />
          </div>
        </>
      )}
      {count > 1 ? (
        <div className="flex items-center justify-between border-t border-slate-200 px-3 py-1.5 text-sm">
          <button
            type="button"
            onClick={() => onMove(-1)}
            className="rounded px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
          >
            ‹ Précédente
          </button>
          <span className="text-slate-600">
            Annonce {position + 1} sur {count} à cet endroit
          </span>
          <button
            type="button"
            onClick={() => onMove(1)}
            className="rounded px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
          >
            Suivante ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
