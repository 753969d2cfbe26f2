import { describe, expect, it } from 'vitest';
import { MAX_TRACK_POINTS, trackMiles } from '@club/contracts';
import { GpxError, MAX_GPX_DEPTH, MAX_GPX_ELEMENTS, parseGpx, writeGpx, type GpxRoute } from './gpx.ts';

/** The list's item at `index` (negative counts from the end); a missing one fails the test. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`no item ${index} in a list of ${list.length}`);
  return item;
}

const gpx = (body: string, head = '<?xml version="1.0" encoding="UTF-8"?>') =>
  Buffer.from(`${head}<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">${body}</gpx>`);

/** A track heading north-east out of Kirkwood, a point every ~0.7 mile. */
const TRACK = Array.from({ length: 40 }, (_, i) => ({ lat: 38.58 + i * 0.01, lon: -90.41 + i * 0.004 }));
const trkpts = (points: { lat: number; lon: number }[]) => points.map((p) => `<trkpt lat="${p.lat}" lon="${p.lon}"><ele>150</ele></trkpt>`).join('');

describe('parseGpx', () => {
  it('reads a track as the line, with a start and a finish step at its ends', () => {
    const parsed = parseGpx(gpx(`<trk><name>Fall colour tour</name><trkseg>${trkpts(TRACK)}</trkseg></trk>`));
    expect(parsed.name).toBe('Fall colour tour');
    expect(parsed.track).toHaveLength(40);
    const miles = Math.round(trackMiles(TRACK) * 100) / 100;
    expect(parsed.steps).toEqual([
      { instruction: 'Start', at: 0, note: '', lat: 38.58, lon: -90.41 },
      { instruction: 'Finish', at: miles, note: '', lat: nth(TRACK, 39).lat, lon: nth(TRACK, 39).lon },
    ]);
  });

  it('reads route points as steps, measured point to point when there is no track', () => {
    const parsed = parseGpx(
      gpx(`<rte><name>Pie run</name>
        <rtept lat="38.58" lon="-90.41"><name>Leave the church lot</name></rtept>
        <rtept lat="38.59" lon="-90.41"><name>L on Old State Rd</name><desc>narrow bridge</desc></rtept>
        <rtept lat="38.60" lon="-90.41"><name>Lunch at the diner</name></rtept></rte>`),
    );
    expect(parsed.name).toBe('Pie run');
    expect(parsed.steps.map((s) => [s.instruction, s.note])).toEqual([
      ['Leave the church lot', ''],
      ['L on Old State Rd', 'narrow bridge'],
      ['Lunch at the diner', ''],
    ]);
    expect(parsed.steps.map((s) => s.at)).toEqual([0, 0.69, 1.38]);
    expect(parsed.track).toHaveLength(3);
  });

  it('places waypoints along the track at their nearest point, in the track’s order', () => {
    const parsed = parseGpx(
      gpx(`<wpt lat="${nth(TRACK, 20).lat}" lon="${nth(TRACK, 20).lon}"><name>Gas at Eureka</name></wpt>
        <wpt lat="${nth(TRACK, 5).lat}" lon="${nth(TRACK, 5).lon}"><name>R on Hwy 109</name></wpt>
        <trk><trkseg>${trkpts(TRACK)}</trkseg></trk>`),
    );
    expect(parsed.steps.map((s) => s.instruction)).toEqual(['R on Hwy 109', 'Gas at Eureka']);
    expect(nth(parsed.steps, 0).at).toBeCloseTo(trackMiles(TRACK.slice(0, 6)), 2);
    expect(nth(parsed.steps, 1).at).toBeCloseTo(trackMiles(TRACK.slice(0, 21)), 2);
  });

  it('thins a long track evenly, keeping both ends and the full length', () => {
    const long = Array.from({ length: MAX_TRACK_POINTS * 2 + 1 }, (_, i) => ({ lat: 38 + i * 0.0001, lon: -90 }));
    const parsed = parseGpx(gpx(`<trk><trkseg>${trkpts(long)}</trkseg></trk>`));
    expect(parsed.track.length).toBeLessThanOrEqual(MAX_TRACK_POINTS);
    expect(parsed.track[0]).toEqual(long[0]);
    expect(parsed.track.at(-1)).toEqual(long.at(-1));
    expect(nth(parsed.steps, -1).at).toBeCloseTo(trackMiles(long), 2);
  });

  it.each([
    ['not XML at all', Buffer.from('lat,lon\n38.5,-90.4\n'), /not a GPX file/],
    ['broken XML', Buffer.from('<?xml version="1.0"?><gpx><trk><trkseg><trkpt lat="1" lon="2"></trk></gpx>'), /could not be read.*line 1/],
    [
      'an external entity',
      Buffer.from('<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><gpx><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>'),
      /entities/,
    ],
    ['another kind of XML', Buffer.from('<?xml version="1.0"?><kml><Placemark/></kml>'), /not a GPX file/],
    ['no points', gpx('<trk><name>Empty</name><trkseg></trkseg></trk>'), /no track, route or waypoints/],
    ['a latitude out of range', gpx('<wpt lat="95" lon="-90"><name>Nowhere</name></wpt>'), /latitude.*between -90 and 90/],
    ['a point without coordinates', gpx('<trk><trkseg><trkpt lon="-90"/></trkseg></trk>'), /latitude/],
    // Each of these took seconds of the server's one thread before it was refused by count and depth.
    ['more elements than any day’s route', gpx(`<wpt lat="1" lon="2"/>${'<x/>'.repeat(MAX_GPX_ELEMENTS)}`), /more than 250,000 elements/],
    [
      'elements nested deeper than any GPX',
      gpx(`<wpt lat="1" lon="2">${'<miles>'.repeat(MAX_GPX_DEPTH)}${'</miles>'.repeat(MAX_GPX_DEPTH)}</wpt>`),
      /nests its elements more than 32 deep/,
    ],
    [
      'an entity declared in the document type (entity expansion)',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><gpx><wpt lat="1" lon="2"><name>&b;</name></wpt></gpx>',
      ),
      /entities/,
    ],
    [
      'an entity from an external document type, which is never fetched',
      Buffer.from('<?xml version="1.0"?><!DOCTYPE gpx SYSTEM "file:///etc/xml/catalog"><gpx><wpt lat="1" lon="2"><name>&secret;</name></wpt></gpx>'),
      /could not be read as GPX.*undefined entity/i,
    ],
  ])('refuses %s with a message', (_label, file, message) => {
    expect(() => parseGpx(file)).toThrow(GpxError);
    expect(() => parseGpx(file)).toThrow(message);
  });
});

describe('writeGpx and parseGpx', () => {
  const route: GpxRoute = {
    title: 'Meramec Valley loop & back',
    description: 'Sixty miles of back roads <with> a pie stop',
    steps: [
      { instruction: 'Leave the church lot', at: 0, note: '', lat: nth(TRACK, 0).lat, lon: nth(TRACK, 0).lon },
      { instruction: 'R on Hwy 109 "the old road"', at: 3.52, note: 'stay in low gear', lat: nth(TRACK, 5).lat, lon: nth(TRACK, 5).lon },
      { instruction: 'Gas at Eureka', at: 14.07, note: '', lat: nth(TRACK, 20).lat, lon: nth(TRACK, 20).lon },
      { instruction: 'No coordinates for this one', at: 15.3, note: '', lat: null, lon: null },
      { instruction: 'Finish', at: 27.5, note: '', lat: nth(TRACK, 39).lat, lon: nth(TRACK, 39).lon },
    ],
    track: TRACK,
  };

  it('reads back what it wrote: the same points and distances within 0.01 mi', () => {
    const back = parseGpx(Buffer.from(writeGpx(route)));
    expect(back.name).toBe(route.title);
    expect(back.track).toEqual(TRACK);
    const located = route.steps.filter((s) => s.lat !== null);
    expect(back.steps.map((s) => s.instruction)).toEqual(located.map((s) => s.instruction));
    back.steps.forEach((step, i) => {
      const original = nth(located, i);
      expect(step.lat).toBe(original.lat);
      expect(step.lon).toBe(original.lon);
      expect(Math.abs(step.at - original.at)).toBeLessThanOrEqual(0.01);
      expect(step.note).toBe(original.note);
    });
  });

  it('measures along the track the same way another app would read the file', () => {
    const plain = writeGpx({ ...route, steps: route.steps.filter((s) => s.lat !== null).map((s, i) => ({ ...s, at: i === 0 ? 0 : s.at })) })
      // What a mapping app keeps: our odometer extension dropped.
      .split('\n')
      .filter((line) => !line.includes('routebook:miles'))
      .join('\n');
    const back = parseGpx(Buffer.from(plain));
    const expected = [0, 5, 20, 39].map((i) => trackMiles(TRACK.slice(0, i + 1)));
    back.steps.forEach((step, i) => expect(Math.abs(step.at - nth(expected, i))).toBeLessThanOrEqual(0.01));
  });
});
