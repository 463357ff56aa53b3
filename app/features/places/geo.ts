/**
 * The one sphere every distance of the site is measured on: the search radius (SQL, in
 * search-where.server.ts), saved-search alerts and the comparison's "Distance" row (JS, below)
 * agree to the kilometre.
 */
export const EARTH_RADIUS_KM = 6371;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Great-circle distance (haversine, R = EARTH_RADIUS_KM, the mean earth radius of the spec §9), in km. */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  return distanceKmBetween(a.latitude, a.longitude, b.latitude, b.longitude);
}

/** The same distance between two points given in degrees, for loops over packed coordinates. */
export function distanceKmBetween(latitudeA: number, longitudeA: number, latitudeB: number, longitudeB: number): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(latitudeB - latitudeA) / 2) ** 2 +
    Math.cos(rad(latitudeA)) * Math.cos(rad(latitudeB)) * Math.sin(rad(longitudeB - longitudeA) / 2) ** 2;
  // min(1, …) guards asin against a rounding error just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
