/**
 * Web Mercator as slippy-map tile servers use it (OpenStreetMap's `{z}/{x}/{y}` tiles of 256 px),
 * pure so the route map's arithmetic is tested apart from the browser. A point of the world is
 * `{ x, y }` in 0..1 from the top left (180° W, 85.05° N); at zoom z the world is 256 × 2^z pixels.
 */

export const TILE_SIZE = 256;
/** The deepest zoom of the tiles (as Leaflet's tile layer had it), and so of the map. */
export const MAX_ZOOM = 18;
export const MIN_ZOOM = 0;
/** Mercator's edge: the world is square there. */
const MAX_LATITUDE = 85.0511287798;

export type WorldPoint = { x: number; y: number };
/** What the map shows: its centre and its zoom, fractional allowed. */
export type View = { center: WorldPoint; zoom: number };
export type Size = { width: number; height: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Pixels per world unit at a zoom. */
export const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;

export function project(lat: number, lon: number): WorldPoint {
  const sin = Math.sin((clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180);
  return { x: (lon + 180) / 360, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}

export function unproject({ x, y }: WorldPoint): { lat: number; lon: number } {
  return { lat: (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI, lon: x * 360 - 180 };
}

/** Where a point of the world is on the map, in CSS pixels from its top left. */
export function toScreen(point: WorldPoint, view: View, size: Size): { left: number; top: number } {
  const scale = worldSize(view.zoom);
  return { left: (point.x - view.center.x) * scale + size.width / 2, top: (point.y - view.center.y) * scale + size.height / 2 };
}

/**
 * The view that shows every point with `padding` pixels to spare, at most `maxZoom`, the zoom
 * rounded down to a multiple of `snap` (as Leaflet's fitBounds with zoomSnap); `fallback` with none.
 */
export function fitView(points: readonly WorldPoint[], size: Size, { padding, maxZoom, snap, fallback }: { padding: number; maxZoom: number; snap: number; fallback: View }): View {
  if (points.length === 0) return fallback;
  const xs = points.map((point) => point.x);
  const ys = points.map((point) => point.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const center = { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
  const scale = Math.min((size.width - 2 * padding) / (maxX - minX), (size.height - 2 * padding) / (maxY - minY));
  // One point, or a map not laid out yet: as close as allowed, or as far.
  const zoom = Number.isFinite(scale) ? (scale > 0 ? Math.floor(Math.log2(scale / TILE_SIZE) / snap) * snap : MIN_ZOOM) : maxZoom;
  return { center, zoom: clamp(zoom, MIN_ZOOM, maxZoom) };
}

/** The view moved by a drag of (dx, dy) pixels: the world follows the pointer. */
export function panBy(view: View, dx: number, dy: number): View {
  const scale = worldSize(view.zoom);
  return { zoom: view.zoom, center: { x: view.center.x - dx / scale, y: clamp(view.center.y - dy / scale, 0, 1) } };
}

/** The view zoomed by `delta` around a point of the map (its centre by default), which stays where it is on the screen. */
export function zoomAround(view: View, delta: number, size: Size, at: { left: number; top: number } = { left: size.width / 2, top: size.height / 2 }): View {
  const zoom = clamp(view.zoom + delta, MIN_ZOOM, MAX_ZOOM);
  const before = worldSize(view.zoom);
  const after = worldSize(zoom);
  const offset = { x: at.left - size.width / 2, y: at.top - size.height / 2 };
  const pinned = { x: view.center.x + offset.x / before, y: view.center.y + offset.y / before };
  return { zoom, center: { x: pinned.x - offset.x / after, y: clamp(pinned.y - offset.y / after, 0, 1) } };
}

export type Tile = { key: string; url: string; left: number; top: number; size: number };

/**
 * The tiles that cover the map: the tiles' zoom is the view's rounded (drawn scaled between),
 * columns wrap around the world, rows off its top or bottom are left out. `{s}` takes a, b or c
 * (as Leaflet spread tiles over a server's subdomains), `{r}` nothing (no high-density tiles).
 */
export function tilesFor(template: string, view: View, size: Size): Tile[] {
  const z = clamp(Math.round(view.zoom), MIN_ZOOM, MAX_ZOOM);
  const count = 2 ** z;
  const tileSize = TILE_SIZE * 2 ** (view.zoom - z);
  const centerX = view.center.x * count;
  const centerY = view.center.y * count;
  const halfW = size.width / 2 / tileSize;
  const halfH = size.height / 2 / tileSize;
  const tiles: Tile[] = [];
  for (let y = Math.max(0, Math.floor(centerY - halfH)); y <= Math.min(count - 1, Math.floor(centerY + halfH)); y += 1) {
    for (let x = Math.floor(centerX - halfW); x <= Math.floor(centerX + halfW); x += 1) {
      const wrapped = ((x % count) + count) % count;
      const url = template
        .replaceAll('{s}', 'abc'[Math.abs(wrapped + y) % 3] ?? 'a')
        .replaceAll('{z}', String(z))
        .replaceAll('{x}', String(wrapped))
        .replaceAll('{y}', String(y))
        .replaceAll('{r}', '');
      tiles.push({ key: `${z}/${x}/${y}`, url, left: (x - centerX) * tileSize + size.width / 2, top: (y - centerY) * tileSize + size.height / 2, size: tileSize });
    }
  }
  return tiles;
}
