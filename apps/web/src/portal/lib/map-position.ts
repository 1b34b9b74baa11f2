/** A reported position (a device's status, a `locate` result): in words, and as a link to the map. */
export interface MapPosition {
  latitude: number;
  longitude: number;
  accuracy?: number | undefined;
}

/** "51.50740, -0.12780 (±12 m)" (the accuracy kept on one line: a no-break space before its unit). */
export const positionText = ({ latitude, longitude, accuracy }: MapPosition) =>
  `${latitude.toFixed(5)}, ${longitude.toFixed(5)}${accuracy !== undefined ? ` (±${Math.round(accuracy)}\u00a0m)` : ''}`;

/** The position on OpenStreetMap, marked. */
export const mapHref = ({ latitude, longitude }: MapPosition) =>
  `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`;
