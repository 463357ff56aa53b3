import { useState } from "react";
import { TileLayer } from "react-leaflet";

/**
 * The map's background tiles, and a discreet 'Fond de carte indisponible' when none could load
 * (the tile server is down or blocked): markers and circles are vectors and keep working, the
 * visitor just learns why the background is grey (issue 36).
 */
export function BaseTiles({ url, attribution }: { url: string; attribution: string }) {
  const [tiles, setTiles] = useState({ loaded: 0, failed: 0 });
  const unavailable = tiles.failed > 0 && tiles.loaded === 0;
  return (
    <>
      <TileLayer
        url={url}
        attribution={attribution}
        eventHandlers={{
          tileload: () => setTiles((t) => (t.loaded ? t : { ...t, loaded: 1 })),
          tileerror: () => setTiles((t) => (t.failed ? t : { ...t, failed: 1 })),
        }}
      />
      {unavailable ? (
        <p role="status" className="pointer-events-none absolute bottom-6 left-2 z-[1000] rounded bg-white/90 px-2 py-1 text-xs text-slate-700 shadow-sm">
          Fond de carte indisponible
        </p>
      ) : null}
    </>
  );
}
