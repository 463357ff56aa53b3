import "leaflet/dist/leaflet.css";
import { CircleMarker, MapContainer } from "react-leaflet";
import { BaseTiles } from "./base-tiles";

/**
 * The listing's area (spec §2 detail: zoom 15, 300 px high). Loaded in the browser only
 * (Leaflet needs `window`). The marker is a vector circle, so it shows even when tiles cannot load.
 */
export default function AreaMap({
  latitude,
  longitude,
  tileUrl,
  attribution,
}: {
  latitude: number;
  longitude: number;
  tileUrl: string;
  attribution: string;
}) {
  return (
    // isolate: Leaflet's panes and controls (z-index 400–1000) stay under the sticky header.
    <MapContainer center={[latitude, longitude]} zoom={15} scrollWheelZoom={false} className="isolate h-[300px] w-full rounded-xl" attributionControl>
      <BaseTiles url={tileUrl} attribution={attribution} />
      <CircleMarker center={[latitude, longitude]} radius={40} pathOptions={{ color: "#1b5fe0", fillColor: "#2f7cf6", fillOpacity: 0.25 }} />
    </MapContainer>
  );
}
