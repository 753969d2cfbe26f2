import { GPX_MAX_BYTES, MAX_ROUTE_STEPS, MAX_TRACK_POINTS, haversineMiles, roundMiles } from '@club/contracts/plain';
import type { LatLon } from '@club/contracts';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * GPX 1.1 in and out. Reading goes through saxes, a strict streaming XML parser (the one jsdom
 * uses): it never fetches or expands entities it is not given, and a document type declaring
 * entities is refused before any point is read, so a file cannot reach the disk or the network.
 * A file is refused past GPX_MAX_BYTES, MAX_GPX_ELEMENTS or MAX_GPX_DEPTH (docs/SECURITY.md).
 */

/** What a GPX file is refused for; the message tells the organiser what to do. */
export class GpxError extends Error {}

type GpxStep = { instruction: string; at: number; note: string; lat: number; lon: number };
export type ParsedGpx = {
  /** The file's own name for the route ('' when it has none). */
  name: string;
  description: string;
  /** The line, thinned to MAX_TRACK_POINTS at most. */
  track: LatLon[];
  /** The route's points (or waypoints), each at its cumulative miles along the line. */
  steps: GpxStep[];
};

/** A route as GPX is written from it: steps without coordinates are left out (a point needs them). */
export type GpxRoute = {
  title: string;
  description: string;
  steps: { instruction: string; at: number; note: string; lat: number | null; lon: number | null }[];
  track: LatLon[];
};

/** Our odometer mileage rides along in an extension, so our own file reads back with the typed distances. */
const ROUTEBOOK_NAMESPACE = 'urn:club-website:routebook:1';

/**
 * Elements a GPX file may hold. A phone's 5 MB track (a point with its elevation and time in
 * about 100 bytes, three elements) has about 150,000; a watch's, with heart rate in extensions,
 * fewer. Past this the parse stops at once: tiny empty elements would otherwise cost seconds.
 */
export const MAX_GPX_ELEMENTS = 250_000;
/** How deep elements may nest: GPX itself goes 4 deep, a device's extensions a few more. */
export const MAX_GPX_DEPTH = 32;

const NOT_GPX = 'This file is not a GPX file. Export the route or track as GPX (.gpx) from your mapping app and choose that file.';

type RawPoint = LatLon & { name: string; description: string; comment: string; miles: number | null };

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function coordinate(tag: SaxesTagPlain, attribute: 'lat' | 'lon', limit: number): number {
  const label = attribute === 'lat' ? 'latitude' : 'longitude';
  const text = tag.attributes[attribute];
  const value = text === undefined || text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new GpxError(`A point in the file has no ${label}; the file may be damaged. Export it again from your mapping app.`);
  if (value < -limit || value > limit) throw new GpxError(`A point in the file has a ${label} of ${value}; a ${label} is between -${limit} and ${limit}.`);
  return value;
}

/** Reads the points of a GPX document; throws GpxError for anything else. */
function readPoints(buffer: Buffer): { name: string; description: string; track: RawPoint[]; route: RawPoint[]; waypoints: RawPoint[] } {
  if (buffer.length > GPX_MAX_BYTES)
    throw new GpxError(`This GPX file is too large (at most ${GPX_MAX_BYTES / 1024 / 1024} MB). Save the route without extra detail, or split it in two.`);
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('<')) throw new GpxError(NOT_GPX);

  const parser = new SaxesParser({ xmlns: false, position: true });
  const open: string[] = [];
  const names = { metadata: '', rte: '', trk: '' };
  let description = '';
  const track: RawPoint[] = [];
  const route: RawPoint[] = [];
  const waypoints: RawPoint[] = [];
  let point: RawPoint | undefined;
  let textBuffer = '';
  let isRoot = true;
  let elements = 0;

  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype))
      throw new GpxError('This file declares XML entities, which a GPX file never needs; it is refused. Export the route again from your mapping app.');
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (isRoot) {
      if (name !== 'gpx') throw new GpxError(NOT_GPX);
      isRoot = false;
    }
    elements += 1;
    if (elements > MAX_GPX_ELEMENTS)
      throw new GpxError(
        `This GPX file has more than ${MAX_GPX_ELEMENTS.toLocaleString('en-US')} elements, far more than a day's route needs. Save the route without extra detail, or split it in two.`,
      );
    if (open.length >= MAX_GPX_DEPTH)
      throw new GpxError(
        `This file nests its elements more than ${MAX_GPX_DEPTH} deep, which no GPX file does; it is refused. Export the route again from your mapping app.`,
      );
    open.push(name);
    textBuffer = '';
    if (name === 'trkpt' || name === 'rtept' || name === 'wpt') {
      point = { lat: coordinate(tag, 'lat', 90), lon: coordinate(tag, 'lon', 180), name: '', description: '', comment: '', miles: null };
      (name === 'trkpt' ? track : name === 'rtept' ? route : waypoints).push(point);
    }
  });
  parser.on('text', (chunk) => {
    textBuffer += chunk;
  });
  parser.on('cdata', (chunk) => {
    textBuffer += chunk;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    open.pop();
    const parent = open.at(-1);
    const value = textBuffer.trim();
    textBuffer = '';
    if (point && (parent === 'trkpt' || parent === 'rtept' || parent === 'wpt')) {
      if (name === 'name') point.name = value;
      else if (name === 'desc') point.description = value;
      else if (name === 'cmt') point.comment = value;
    } else if (point && name === 'miles' && open.includes('extensions')) {
      const miles = Number(value);
      if (value !== '' && Number.isFinite(miles) && miles >= 0) point.miles = miles;
    } else if (name === 'name' && (parent === 'metadata' || parent === 'rte' || parent === 'trk')) {
      if (!names[parent]) names[parent] = value;
    } else if (name === 'desc' && (parent === 'metadata' || parent === 'rte' || parent === 'trk')) {
      if (!description) description = value;
    }
    if (name === 'trkpt' || name === 'rtept' || name === 'wpt') point = undefined;
  });

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof GpxError) throw error;
    const reason = error instanceof Error ? error.message.replace(/^[^:]*:\d+:\d+: /, '') : 'unreadable';
    throw new GpxError(`This file could not be read as GPX (line ${parser.line}: ${reason}). Export it again from your mapping app.`);
  }
  if (isRoot) throw new GpxError(NOT_GPX);
  return { name: names.metadata || names.rte || names.trk, description, track, route, waypoints };
}

/** Cheap squared distance for finding the nearest point (equirectangular; fine at a tour's scale). */
function nearness(a: LatLon, b: LatLon): number {
  const x = (b.lon - a.lon) * Math.cos(((a.lat + b.lat) / 2) * (Math.PI / 180));
  const y = b.lat - a.lat;
  return x * x + y * y;
}

function nearestIndex(line: readonly LatLon[], target: LatLon, from = 0): number {
  let best = from;
  let bestNearness = Number.POSITIVE_INFINITY;
  for (let i = from; i < line.length; i += 1) {
    const d = nearness(line[i] as LatLon, target);
    if (d < bestNearness) {
      bestNearness = d;
      best = i;
    }
  }
  return best;
}

/** Every `n`-th point so that at most `max` remain, both ends kept. */
function thin<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max) return [...points];
  const stride = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, k) => points[Math.round(k * stride)] as T);
}

const toStep = (point: RawPoint, at: number, fallback: string): GpxStep => ({
  instruction: (point.name || point.comment || point.description || fallback).slice(0, 300),
  // A point's description is its note when its name already says the instruction.
  note: (point.name ? point.description || point.comment : '').slice(0, 300),
  at: roundMiles(point.miles ?? at),
  lat: point.lat,
  lon: point.lon,
});

/** Reads a GPX file (a track, a route, waypoints, or several) into a line and numbered steps. */
export function parseGpx(buffer: Buffer): ParsedGpx {
  const { name, description, track, route, waypoints } = readPoints(buffer);
  const line: LatLon[] = track.length > 0 ? track : route.length > 0 ? route : waypoints;
  if (line.length === 0)
    throw new GpxError('This GPX file has no track, route or waypoints: nothing to make a route from. Check that you exported the route itself.');
  const stops = route.length > 0 ? route : waypoints;
  if (stops.length > MAX_ROUTE_STEPS) {
    throw new GpxError(
      `This GPX file has ${stops.length} route points; a route book takes at most ${MAX_ROUTE_STEPS}. Save fewer turns, or split the tour in two.`,
    );
  }
  const cumulative = [0];
  for (let i = 1; i < line.length; i += 1) cumulative.push((cumulative[i - 1] as number) + haversineMiles(line[i - 1] as LatLon, line[i] as LatLon));
  const total = cumulative.at(-1) as number;

  let steps: GpxStep[];
  if (stops.length === 0) {
    const first = track[0] as RawPoint;
    const last = track.at(-1) as RawPoint;
    steps = [toStep({ ...first, miles: null }, 0, 'Start'), toStep({ ...last, miles: null }, total, 'Finish')];
  } else if (stops === line) {
    steps = stops.map((point, i) => toStep(point, cumulative[i] as number, `Point ${i + 1}`));
  } else if (stops === route) {
    // Route points are in driving order: each is found on the track after the one before.
    let from = 0;
    steps = route.map((point, i) => {
      from = nearestIndex(line, point, from);
      return toStep(point, cumulative[from] as number, `Point ${i + 1}`);
    });
  } else {
    // Waypoints come in any order: they are put in the order the track passes them.
    steps = waypoints
      .map((point) => ({ point, index: nearestIndex(line, point) }))
      .sort((a, b) => a.index - b.index)
      .map(({ point, index }, i) => toStep(point, cumulative[index] as number, `Point ${i + 1}`));
  }
  return {
    name: name.slice(0, 150),
    description: description.slice(0, 4000),
    track: thin(line, MAX_TRACK_POINTS).map(({ lat, lon }) => ({ lat, lon })),
    steps,
  };
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');

/** GPX 1.1: the steps as a route (with our odometer mileage in an extension), the line as a track. */
export function writeGpx({ title, description, steps, track }: GpxRoute, creator = 'Club route book'): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="${escapeXml(creator)}" xmlns="http://www.topografix.com/GPX/1/1" xmlns:routebook="${ROUTEBOOK_NAMESPACE}">`,
    `<metadata><name>${escapeXml(title)}</name>${description ? `<desc>${escapeXml(description)}</desc>` : ''}</metadata>`,
  ];
  const located = steps.filter((step): step is GpxRoute['steps'][number] & LatLon => step.lat !== null && step.lon !== null);
  if (located.length > 0) {
    lines.push(`<rte><name>${escapeXml(title)}</name>`);
    for (const step of located) {
      lines.push(
        `<rtept lat="${step.lat}" lon="${step.lon}"><name>${escapeXml(step.instruction)}</name>${step.note ? `<desc>${escapeXml(step.note)}</desc>` : ''}`,
      );
      lines.push(`<extensions><routebook:miles>${step.at.toFixed(2)}</routebook:miles></extensions>`);
      lines.push('</rtept>');
    }
    lines.push('</rte>');
  }
  if (track.length > 0) {
    lines.push(`<trk><name>${escapeXml(title)}</name><trkseg>`);
    for (const point of track) lines.push(`<trkpt lat="${point.lat}" lon="${point.lon}"/>`);
    lines.push('</trkseg></trk>');
  }
  lines.push('</gpx>', '');
  return lines.join('\n');
}
