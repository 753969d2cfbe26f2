import type { MapTiles, RoutePoint, RouteStep } from '@club/contracts';
import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { STOP_KIND_LABELS } from '@club/contracts/plain';
import { fitView, MAX_ZOOM, MIN_ZOOM, panBy, project, tilesFor, toScreen, worldSize, zoomAround, type Size, type Tile, type View, type WorldPoint } from './mercator.ts';
import './route-map-view.css';

export type RouteMapViewProps = {
  tiles: MapTiles;
  track: readonly RoutePoint[];
  steps: readonly RouteStep[];
  /** The map's accessible name, e.g. "Map of Meramec Valley loop". */
  label: string;
  /** A short map for the printed book. */
  isCompact?: boolean;
};

/** As Leaflet's fitBounds had it: 24 px to spare, no closer than zoom 15, quarter zooms; Kirkwood with no points. */
const FIT = { padding: 24, maxZoom: 15, snap: 0.25, fallback: { center: project(38.58, -90.41), zoom: 9 } };
/** An arrow key moves the map this far (Leaflet's keyboardPanDelta). */
const KEY_PAN = 80;
/** The line's points are written once, in pixels at this zoom from its first point; a transform places and scales them. */
const LINE_ZOOM = 16;
const OSM = 'OpenStreetMap';

type Marker = { number: number; isStop: boolean; title: string; at: WorldPoint };
type Pointer = { x: number; y: number };

const middle = ([a, b]: Pointer[]): Pointer => ({ x: ((a?.x ?? 0) + (b?.x ?? 0)) / 2, y: ((a?.y ?? 0) + (b?.y ?? 0)) / 2 });
const spread = ([a, b]: Pointer[]): number => Math.hypot((a?.x ?? 0) - (b?.x ?? 0), (a?.y ?? 0) - (b?.y ?? 0));

/** A marker's place; the lower on the map, the nearer the front (as Leaflet stacked them), so a cluster stays legible. */
const marked = ({ left, top }: { left: number; top: number }) => ({ left, top, zIndex: Math.round(top) });

/** A tile, shown only once it has loaded: with no tile server reachable the map stays its plain background. */
function MapTile({ url, left, top, size }: Omit<Tile, 'key'>) {
  const [isLoaded, setLoaded] = useState(false);
  // Whole pixels, each tile's right edge the next one's left: no hairline seams at fractional zooms.
  const x = Math.round(left);
  const y = Math.round(top);
  return (
    <img
      className={`route-map-tile${isLoaded ? ' route-map-tile--loaded' : ''}`}
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      // The site sends no Referer (helmet's no-referrer); a tile server such as OpenStreetMap's asks
      // for one, so each tile says which site it is for (the origin only, never the page).
      referrerPolicy="strict-origin-when-cross-origin"
      draggable={false}
      onLoad={() => setLoaded(true)}
      style={{ left: x, top: y, width: Math.round(left + size) - x, height: Math.round(top + size) - y }}
    />
  );
}

/** The tile credit: plain text, with OpenStreetMap linked to its copyright page as its policy asks. */
export function Credit({ text }: { text: string }) {
  const at = text.indexOf(OSM);
  if (at === -1) return <p className="route-map-attribution">{text}</p>;
  return (
    <p className="route-map-attribution">
      {text.slice(0, at)}
      <a href="https://www.openstreetmap.org/copyright">{OSM}</a>
      {text.slice(at + OSM.length)}
    </p>
  );
}

/**
 * The route on a slippy map of our own: the tiles (when a tile server is set), the imported line
 * (else the steps joined) and a numbered marker per step with coordinates. The line and the
 * markers are drawn by the browser (SVG and HTML), so with no tile server, or none reachable, the
 * route still shows on the plain background. Drag or one finger pans, two fingers pinch, the
 * buttons and a double click zoom; focused, the arrow keys pan and + and - zoom. The wheel
 * scrolls the page.
 */
export default function RouteMapView({ tiles, track, steps, label, isCompact = false }: RouteMapViewProps) {
  const mapRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [view, setView] = useState<View>(FIT.fallback);
  /** The reader has moved the map: a change of its size keeps their view rather than refitting. */
  const isMoved = useRef(false);
  const pointers = useRef(new Map<number, Pointer>());

  const { markers, line, points } = useMemo(() => {
    const markers: Marker[] = steps.flatMap((step, index) =>
      step.lat !== null && step.lon !== null
        ? [{ number: index + 1, isStop: Boolean(step.stop), title: `${index + 1}. ${step.instruction}${step.stop ? ` (${STOP_KIND_LABELS[step.stop]})` : ''}`, at: project(step.lat, step.lon) }]
        : [],
    );
    const line = track.length > 1 ? track.map((point) => project(point.lat, point.lon)) : markers.map((marker) => marker.at);
    return { markers, line: line.length > 1 ? line : [], points: [...line, ...markers.map((marker) => marker.at)] };
  }, [track, steps]);

  const drawn = useMemo(() => {
    const origin = line[0];
    if (!origin) return null;
    const scale = worldSize(LINE_ZOOM);
    return { origin, points: line.map(({ x, y }) => `${((x - origin.x) * scale).toFixed(1)},${((y - origin.y) * scale).toFixed(1)}`).join(' ') };
  }, [line]);

  useLayoutEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const fit = (isRefit: boolean) => {
      const measured = { width: map.clientWidth, height: map.clientHeight };
      setSize(measured);
      if (isRefit || !isMoved.current) setView(fitView(points, measured, FIT));
    };
    fit(true);
    const resized = new ResizeObserver(() => fit(false));
    resized.observe(map);
    // Printed, the map is as wide as the paper, not the window: fitted to the window, a route
    // ran off its edge (from a tablet) or sat in one corner (from a phone). The browser lays the
    // page out for print before it tells this query's listeners, so the map refits to that size
    // at once (flushSync: before the page is printed), and to the window's again after.
    const printing = window.matchMedia('print');
    const refit = () => {
      isMoved.current = false;
      flushSync(() => fit(true));
    };
    printing.addEventListener('change', refit);
    return () => {
      resized.disconnect();
      printing.removeEventListener('change', refit);
    };
  }, [points]);

  const move = (change: (view: View, size: Size) => View) => {
    if (!size) return;
    isMoved.current = true;
    setView((current) => change(current, size));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const all = pointers.current;
    const last = all.get(event.pointerId);
    if (!last) return;
    const before = [...all.values()];
    all.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (all.size === 1) {
      move((current) => panBy(current, event.clientX - last.x, event.clientY - last.y));
    } else if (all.size === 2) {
      // Two fingers: the map follows their middle and zooms as they spread, around that middle.
      const after = [...all.values()];
      const [from, to] = [middle(before), middle(after)];
      const ratio = spread(before) > 0 ? spread(after) / spread(before) : 1;
      const box = event.currentTarget.getBoundingClientRect();
      move((current, measured) => zoomAround(panBy(current, to.x - from.x, to.y - from.y), Math.log2(ratio), measured, { left: to.x - box.left, top: to.y - box.top }));
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
  };
  // A double click zooms in on its point, with Shift out (as Leaflet's did).
  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    move((current, measured) => zoomAround(current, event.shiftKey ? -1 : 1, measured, { left: event.clientX - box.left, top: event.clientY - box.top }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const pans: Record<string, [number, number]> = { ArrowLeft: [KEY_PAN, 0], ArrowRight: [-KEY_PAN, 0], ArrowUp: [0, KEY_PAN], ArrowDown: [0, -KEY_PAN] };
    const pan = pans[event.key];
    const zoom = { '+': 1, '=': 1, '-': -1, _: -1 }[event.key];
    if (pan) move((current) => panBy(current, ...pan));
    else if (zoom) move((current, measured) => zoomAround(current, zoom, measured));
    else return;
    event.preventDefault();
  };

  const lineAt = size && drawn ? toScreen(drawn.origin, view, size) : null;
  return (
    <div
      ref={mapRef}
      className={`route-map${isCompact ? ' route-map--compact' : ''}`}
      data-tiles={tiles.url ? 'on' : 'off'}
      // Named for screen readers; the numbered steps beside it say in words what it draws.
      role="region"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="route-map-surface" aria-hidden="true" onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp} onDoubleClick={onDoubleClick}>
        {size && tiles.url ? tilesFor(tiles.url, view, size).map((tile) => <MapTile key={`${tile.key} ${tile.url}`} url={tile.url} left={tile.left} top={tile.top} size={tile.size} />) : null}
        {drawn && lineAt ? (
          <svg className="route-map-overlay">
            <polyline
              className="route-map-line"
              points={drawn.points}
              transform={`translate(${lineAt.left} ${lineAt.top}) scale(${2 ** (view.zoom - LINE_ZOOM)})`}
              fill="none"
              stroke="#6b1d2a"
              strokeWidth={5}
              strokeOpacity={0.85}
              strokeLinecap="round"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        ) : null}
        {size
          ? markers.map(({ number, isStop, title, at }) => (
              <span key={number} className={`route-marker${isStop ? ' route-marker--stop' : ''}`} title={title} style={marked(toScreen(at, view, size))}>
                {number}
              </span>
            ))
          : null}
      </div>
      <div className="route-map-zoom">
        <button type="button" aria-label="Zoom in" aria-disabled={view.zoom >= MAX_ZOOM} onClick={() => move((current, measured) => zoomAround(current, 1, measured))}>
          +
        </button>
        <button type="button" aria-label="Zoom out" aria-disabled={view.zoom <= MIN_ZOOM} onClick={() => move((current, measured) => zoomAround(current, -1, measured))}>
          −
        </button>
      </div>
      {tiles.url && tiles.attribution ? <Credit text={tiles.attribution} /> : null}
    </div>
  );
}
