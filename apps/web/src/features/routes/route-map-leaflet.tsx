import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapTiles, RoutePoint, RouteStep } from '@club/contracts';
import { useEffect, useRef } from 'react';
import { STOP_KIND_LABELS } from '@club/contracts/plain';

export type LeafletRouteMapProps = {
  tiles: MapTiles;
  track: readonly RoutePoint[];
  steps: readonly RouteStep[];
  /** The map's accessible name, e.g. "Map of Meramec Valley loop". */
  label: string;
  /** A short map for the printed book. */
  isCompact?: boolean;
};

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The tile credit as the map shows it: plain text, with OpenStreetMap linked to its copyright page as its policy asks. */
function attributionHtml(attribution: string): string {
  return escapeHtml(attribution).replace('OpenStreetMap', '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>');
}

/**
 * The route on a Leaflet map: the imported line (else the steps joined), a numbered marker per
 * step with coordinates. The line and the markers are drawn by the browser (SVG and HTML), so
 * with no tile server, or none reachable, the route still shows on the plain background.
 */
export default function LeafletRouteMap({ tiles, track, steps, label, isCompact = false }: LeafletRouteMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { scrollWheelZoom: false, zoomSnap: 0.25 });
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    if (tiles.url) L.tileLayer(tiles.url, { attribution: attributionHtml(tiles.attribution), maxZoom: 18 }).addTo(map);

    const located = steps.flatMap((step, index) => (step.lat !== null && step.lon !== null ? [{ step, number: index + 1, at: L.latLng(step.lat, step.lon) }] : []));
    const line = track.length > 1 ? track.map((point) => L.latLng(point.lat, point.lon)) : located.map((point) => point.at);
    if (line.length > 1) L.polyline(line, { color: '#6b1d2a', weight: 5, opacity: 0.85, interactive: false }).addTo(map);
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
    const fit = () => {
      if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 15, animate: false });
      else map.setView([38.58, -90.41], 9);
    };
    fit();
    // Printed, the map is as wide as the paper, not the window: fitted to the window, a route
    // ran off its edge (from a tablet) or sat in one corner (from a phone). The browser lays the
    // page out for print before it tells this query's listeners, so the map refits to that size,
    // and to the window's again after.
    const printing = window.matchMedia('print');
    const refit = () => {
      map.invalidateSize({ pan: false });
      fit();
    };
    printing.addEventListener('change', refit);
    // The container is named for screen readers; the numbered steps beside it say the same in words.
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    return () => {
      printing.removeEventListener('change', refit);
      map.remove();
    };
  }, [tiles.url, tiles.attribution, track, steps, label]);

  return <div ref={containerRef} className={`route-map${isCompact ? ' route-map--compact' : ''}`} data-tiles={tiles.url ? 'on' : 'off'} />;
}
