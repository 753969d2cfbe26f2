import { describe, expect, it } from 'vitest';
import { fitView, panBy, project, tilesFor, toScreen, unproject, zoomAround, type View } from './mercator.ts';

const SIZE = { width: 800, height: 400 };
const FIT = { padding: 24, maxZoom: 15, snap: 0.25, fallback: { center: project(38.58, -90.41), zoom: 9 } };

describe('Web Mercator', () => {
  it('projects as the tile servers do: null island at the middle, the tile of a known place', () => {
    expect(project(0, 0)).toEqual({ x: 0.5, y: 0.5 });
    expect(project(0, -180).x).toBe(0);
    // Kirkwood, Missouri, is in OpenStreetMap's tile 12/1019/1571.
    const kirkwood = project(38.58, -90.41);
    expect([Math.floor(kirkwood.x * 4096), Math.floor(kirkwood.y * 4096)]).toEqual([1019, 1571]);
    // The poles are cut at Mercator's edge rather than thrown to infinity.
    expect(project(90, 0).y).toBeCloseTo(0, 6);
    expect(project(-90, 0).y).toBeCloseTo(1, 6);
  });

  it('unprojects back to the same place', () => {
    const back = unproject(project(38.58, -90.41));
    expect(back.lat).toBeCloseTo(38.58, 9);
    expect(back.lon).toBeCloseTo(-90.41, 9);
  });

  it('fits a route with its padding, rounding the zoom down to a quarter and never past the maximum', () => {
    const points = [project(38.5, -90.6), project(38.7, -90.2)];
    const view = fitView(points, SIZE, FIT);
    expect(view.zoom % 0.25).toBe(0);
    const corners = points.map((point) => toScreen(point, view, SIZE));
    for (const { left, top } of corners) {
      expect(left).toBeGreaterThanOrEqual(24 - 1e-6);
      expect(left).toBeLessThanOrEqual(SIZE.width - 24 + 1e-6);
      expect(top).toBeGreaterThanOrEqual(24 - 1e-6);
      expect(top).toBeLessThanOrEqual(SIZE.height - 24 + 1e-6);
    }
    // A quarter zoom closer and it would not fit.
    const closer = { ...view, zoom: view.zoom + 0.25 };
    const spread = points.map((point) => toScreen(point, closer, SIZE));
    const fits = spread.every(({ left, top }) => left >= 24 && left <= SIZE.width - 24 && top >= 24 && top <= SIZE.height - 24);
    expect(fits).toBe(false);
    // One point, or a short walk: no closer than zoom 15.
    expect(fitView([project(38.58, -90.41)], SIZE, FIT).zoom).toBe(15);
    expect(fitView([project(38.58, -90.41), project(38.5801, -90.4101)], SIZE, FIT).zoom).toBe(15);
    // Nothing to show: the fallback view.
    expect(fitView([], SIZE, FIT)).toBe(FIT.fallback);
  });

  it('pans with the pointer and zooms around a point that stays put', () => {
    const view: View = { center: project(38.58, -90.41), zoom: 10 };
    const somewhere = project(38.6, -90.3);
    const before = toScreen(somewhere, view, SIZE);
    const panned = toScreen(somewhere, panBy(view, 30, -20), SIZE);
    expect(panned.left).toBeCloseTo(before.left + 30, 6);
    expect(panned.top).toBeCloseTo(before.top - 20, 6);

    const zoomed = zoomAround(view, 1, SIZE, before);
    expect(zoomed.zoom).toBe(11);
    const after = toScreen(somewhere, zoomed, SIZE);
    expect(after.left).toBeCloseTo(before.left, 6);
    expect(after.top).toBeCloseTo(before.top, 6);
    // Around the centre by default; never past the tiles' zooms.
    expect(zoomAround(view, 1, SIZE).center).toEqual(view.center);
    expect(zoomAround({ ...view, zoom: 17.5 }, 1, SIZE).zoom).toBe(18);
    expect(zoomAround({ ...view, zoom: 0.5 }, -1, SIZE).zoom).toBe(0);
  });

  it('covers the map with tiles of the rounded zoom, scaled, from the template', () => {
    const view: View = { center: project(38.58, -90.41), zoom: 12.25 };
    const tiles = tilesFor('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png', view, SIZE);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      expect(tile.url).toMatch(/^https:\/\/[abc]\.tile\.example\.org\/12\/\d+\/\d+\.png$/);
      expect(tile.size).toBeCloseTo(256 * 2 ** 0.25, 6);
    }
    expect(tiles.map((tile) => tile.url)).toContain('https://b.tile.example.org/12/1019/1571.png');
    // Together they cover the whole map, and none lies wholly outside it.
    expect(Math.min(...tiles.map((tile) => tile.left))).toBeLessThanOrEqual(0);
    expect(Math.min(...tiles.map((tile) => tile.top))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((tile) => tile.left + tile.size))).toBeGreaterThanOrEqual(SIZE.width);
    expect(Math.max(...tiles.map((tile) => tile.top + tile.size))).toBeGreaterThanOrEqual(SIZE.height);
    for (const tile of tiles) {
      expect(tile.left).toBeLessThan(SIZE.width);
      expect(tile.top).toBeLessThan(SIZE.height);
      expect(tile.left + tile.size).toBeGreaterThan(0);
      expect(tile.top + tile.size).toBeGreaterThan(0);
    }
    expect(new Set(tiles.map((tile) => tile.key)).size).toBe(tiles.length);
  });

  it('wraps columns around the world and leaves out rows beyond its edges', () => {
    const tiles = tilesFor('https://tile.example.org/{z}/{x}/{y}.png', { center: { x: 0, y: 0 }, zoom: 2 }, SIZE);
    expect(tiles.every((tile) => /\/2\/[0-3]\/[0-3]\.png$/.test(tile.url))).toBe(true);
    expect(tiles.map((tile) => tile.url)).toContain('https://tile.example.org/2/3/0.png');
    expect(tiles.some((tile) => tile.top < 0)).toBe(false);
  });
});
