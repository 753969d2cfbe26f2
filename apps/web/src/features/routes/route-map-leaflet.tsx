import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapTiles, RoutePoint, RouteStep } from '@club/contracts';
import { useEffect, useRef } from 'react';
import { STOP_KIND_LABELS } from '@club/contracts/plain';
import { creditHtml } from './map-credit.ts';

export type RouteMapProps = {
  tiles: MapTiles;
  track: readonly RoutePoint[];
  steps: readonly RouteStep[];
  /** The map's accessible name, e.g. "Map of Meramec Valley loop". */
  label: string;
  /** A short map for the printed book. */
  isCompact?: boolean;
};

/** 24 px to spare, no closer than zoom 15, quarter zooms; Kirkwood when nothing has coordinates. */
const FIT = { padding: L.point(24, 24), maxZoom: 15, animate: false } as const;
const KIRKWOOD = L.latLng(38.58, -90.41);

/**
 * The route on a Leaflet map: the tiles of the configured server, the imported line (else the
 * steps joined) and a numbered marker per step with coordinates. The line and the markers are
 * drawn by the browser (SVG and HTML), so with no tile server, or none reachable, the route
 * still shows on the plain background. Leaflet gives dragging, pinching, the zoom buttons, a
 * double click, and (the map focused) the arrow keys and + and -; the wheel scrolls the page.
 */
export default function RouteMapLeaflet({ tiles, track, steps, label, isCompact = false }: RouteMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // No wheel zoom (the wheel scrolls the page) and no glide after a drag: the map stays where the finger lets go.
    const map = L.map(container, { scrollWheelZoom: false, zoomSnap: 0.25, inertia: false });
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    if (tiles.url) {
      L.tileLayer(tiles.url, {
        attribution: creditHtml(tiles.attribution),
        maxZoom: 18,
        // The site sends no Referer (helmet's no-referrer); a tile server such as OpenStreetMap's
        // asks for one, so each tile says which site it is for (the origin only, never the page).
        referrerPolicy: 'strict-origin-when-cross-origin',
      }).addTo(map);
    }

    const located = steps.flatMap((step, index) =>
      step.lat !== null && step.lon !== null ? [{ step, number: index + 1, at: L.latLng(step.lat, step.lon) }] : [],
    );
    const line = track.length > 1 ? track.map((point) => L.latLng(point.lat, point.lon)) : located.map((point) => point.at);
    if (line.length > 1) L.polyline(line, { className: 'route-map-line', color: '#6b1d2a', weight: 5, opacity: 0.85, interactive: false }).addTo(map);
    for (const { step, number, at } of located) {
      L.marker(at, {
        icon: L.divIcon({
          className: `route-marker${step.stop ? ' route-marker--stop' : ''}`,
          html: `<span>${number}</span>`,
          iconSize: [28, 28],
          iconAnchor: [14, 14],
        }),
        interactive: false,
        keyboard: false,
        title: `${number}. ${step.instruction}${step.stop ? ` (${STOP_KIND_LABELS[step.stop]})` : ''}`,
      }).addTo(map);
    }

    const bounds = L.latLngBounds([...line, ...located.map((point) => point.at)]);
    // Until the reader moves the map, a change of its size (a phone turned, the page laid out
    // for print, where the map is as wide as the paper) fits the route again; after, their view stays.
    let isMoved = false;
    let isFitting = false;
    const fit = () => {
      isFitting = true;
      map.invalidateSize({ pan: false });
      if (bounds.isValid()) map.fitBounds(bounds, FIT);
      else map.setView(KIRKWOOD, 9, { animate: false });
      isFitting = false;
    };
    fit();
    map.on('movestart zoomstart', () => {
      if (!isFitting) isMoved = true;
    });
    const refit = (always: boolean) => {
      if (always || !isMoved) fit();
    };
    const resized = new ResizeObserver(() => refit(false));
    resized.observe(container);
    // The browser lays the page out for print before it tells this query's listeners.
    const printing = window.matchMedia('print');
    const onPrint = () => refit(true);
    printing.addEventListener('change', onPrint);
    // Named for screen readers; the numbered steps beside it say in words what it draws.
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    return () => {
      resized.disconnect();
      printing.removeEventListener('change', onPrint);
      map.remove();
    };
  }, [tiles.url, tiles.attribution, track, steps, label]);

  return <div ref={containerRef} className={`route-map${isCompact ? ' route-map--compact' : ''}`} data-tiles={tiles.url ? 'on' : 'off'} />;
}
