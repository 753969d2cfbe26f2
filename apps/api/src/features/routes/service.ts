import { createHash } from 'node:crypto';
import { hasPermission, legsOf, resolveDistances, roundMiles, routePath, trackMiles } from '@club/contracts/plain';
import type { CallInput, MapTiles, PhoneEntry, Route, RouteEvent, RouteSummary, SessionUser } from '@club/contracts';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound, tooManyAttempts } from '../../errors.ts';
import { createRateLimit } from '../../services/rate-limit.ts';
import { GpxError, writeGpx } from './gpx.ts';
import { readGpx } from './gpx-reader.ts';
import { simplifyLine } from './line.ts';
import { renderRouteBookPdf } from './route-pdf-renderer.ts';
import {
  clearRouteOfEvent,
  deleteRoute,
  findEventBrief,
  findRoute,
  findRouteIdOfEvent,
  insertRoute,
  isRouteOfEvent,
  listDrivenOn,
  listPublicRouteIds,
  listRoutes,
  listSteps,
  replaceSteps,
  setRouteOfEvent,
  updateRoute,
  updateTrack,
  type RouteFields,
  type RouteListRow,
  type RouteRecord,
  type StepRecord,
} from './store.ts';

const NOT_FOUND = 'That route';
/** How far the map's line may stray from the imported track: about two pixels at a street's zoom. */
const MAP_LINE_TOLERANCE_METRES = 5;

/**
 * Books one address may have drawn in DRAW_WINDOW_MS: a book is drawn for each route and version
 * (and each of its events, for members), so a person printing tours never comes near it, while a
 * script asking for book after book waits.
 */
const MAX_DRAWS_PER_ADDRESS = 20;
const DRAW_WINDOW_MS = 10 * 60_000;
/** The drawn books kept, by what they show; past this the least recently used go first. */
const BOOK_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Drawn route books by a hash of everything drawn in them (the book a viewer is given, the club's
 * name and the link), so a book is drawn once per route and version whoever asks and whatever
 * else they send, and the next change of the route draws a new one. The site's reply cache alone
 * was not enough: it drops every answer at any change on the site, and keys by the whole input.
 */
function createBookCache() {
  const books = new Map<string, Buffer>();
  const drawing = new Map<string, Promise<Buffer>>();
  let size = 0;
  return {
    keyOf: (job: object) => createHash('sha256').update(JSON.stringify(job)).digest('base64url'),
    get(key: string): Buffer | Promise<Buffer> | undefined {
      const book = books.get(key);
      if (book) {
        books.delete(key);
        books.set(key, book);
        return book;
      }
      return drawing.get(key);
    },
    /** Draws the book once however many ask for it meanwhile, and keeps it. */
    draw(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
      const drawn = render()
        .then((pdf) => {
          books.set(key, pdf);
          size += pdf.length;
          for (const [oldest, book] of books) {
            if (size <= BOOK_CACHE_MAX_BYTES || oldest === key) break;
            books.delete(oldest);
            size -= book.length;
          }
          return pdf;
        })
        .finally(() => drawing.delete(key));
      drawing.set(key, drawn);
      return drawn;
    },
  };
}

type RouteSave = Omit<CallInput<'route.save'>, 'g'>;

type RouteBook = {
  route: Route;
  map: MapTiles;
  showKilometres: boolean;
  event: RouteEvent | null;
  phoneList: PhoneEntry[] | null;
};

export type RoutesService = {
  list(viewer: SessionUser | undefined): { routes: RouteSummary[]; showKilometres: boolean };
  readBook(viewer: SessionUser | undefined, id: number, eventId: number | undefined): RouteBook;
  save(input: RouteSave): number;
  remove(id: number): void;
  /** Reads the file off the site's main thread (gpx-reader.ts), then stores the route. */
  importGpx(id: number, file: Buffer): Promise<{ id: number; steps: number; miles: number }>;
  exportGpx(viewer: SessionUser | undefined, id: number): { gpx: string; fileName: string };
  /**
   * The book `readBook` gives this viewer, as a PDF: drawn once per route and version, and at most
   * MAX_DRAWS_PER_ADDRESS drawn for `address` in the window (429 past it).
   */
  exportPdf(viewer: SessionUser | undefined, id: number, eventId: number | undefined, address: string): Promise<{ pdf: Buffer; fileName: string }>;
  attach(eventId: number, routeId: number): void;
  ofEvent(eventId: number): RouteSummary | null;
  /** ROUTE_SHOW_KM: kilometres beside miles. */
  showKilometres: boolean;
};

/** A route's length: the last step's distance, else its imported track's. */
const milesOf = (lastAt: number | null, trackLength: number) => roundMiles(lastAt !== null && lastAt > 0 ? lastAt : trackLength);

function toSummary(row: RouteListRow, drivenOn: RouteEvent[]): RouteSummary {
  return {
    id: row.id,
    title: row.title,
    region: row.region,
    miles: milesOf(row.lastAt, row.trackMiles),
    stepCount: row.stepCount,
    stopCount: row.stopCount,
    visibility: row.visibility,
    drivenOn,
  };
}

/** A file name a phone keeps: the title's letters and digits, dashes between. */
function routeFileName(title: string, id: number, extension: 'gpx' | 'pdf'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || `route-${id}`}.${extension}`;
}

export function createRoutesService(deps: Pick<AppDeps, 'db' | 'services' | 'config'>): RoutesService {
  const { db, config } = deps;
  const drawnBooks = createBookCache();
  const drawsByAddress = createRateLimit({ windowMs: DRAW_WINDOW_MS, max: MAX_DRAWS_PER_ADDRESS });

  /** The route if this viewer may see it; a visitor learns nothing of a members-only route. */
  const findVisible = (viewer: SessionUser | undefined, id: number): RouteRecord => {
    const record = findRoute(db, id);
    if (!record || (!viewer && record.visibility !== 'public')) throw notFound(NOT_FOUND);
    return record;
  };

  const readRoute = (viewer: SessionUser | undefined, record: RouteRecord): Route => {
    const steps = listSteps(db, record.id);
    const legs = legsOf(steps.map((step) => step.at));
    return {
      id: record.id,
      title: record.title,
      region: record.region,
      miles: milesOf(steps.at(-1)?.at ?? null, record.trackMiles),
      stepCount: steps.length,
      stopCount: steps.filter((step) => step.stop !== '').length,
      visibility: record.visibility,
      // Events are for members: a visitor sees the route, not who drove it when.
      drivenOn: viewer ? (listDrivenOn(db, [record.id]).get(record.id) ?? []) : [],
      description: record.description,
      start: record.start,
      finish: record.finish,
      steps: steps.map((step, i) => ({ ...step, leg: legs[i] ?? 0 })),
      // The map draws the line; what it cannot show (within 5 m of the line kept) need not travel.
      track: simplifyLine(record.track, MAP_LINE_TOLERANCE_METRES),
      canEdit: viewer !== undefined && hasPermission(viewer.permissions, 'event'),
    };
  };

  const readBook = (viewer: SessionUser | undefined, id: number, eventId: number | undefined): RouteBook => {
    const record = findVisible(viewer, id);
    const route = readRoute(viewer, record);
    const event = viewer && eventId !== undefined && isRouteOfEvent(db, id, eventId) ? (findEventBrief(db, eventId) ?? null) : null;
    // The phone list is for the organisers: event editors (and admins) only.
    const phoneList =
      event && viewer && hasPermission(viewer.permissions, 'event')
        ? deps.services.signups
            .roster(event.id)
            .households.filter((household) => household.status === 'confirmed')
            .map((household) => ({
              name: household.name,
              phone: household.phone,
              partySize: household.partySize,
              cars: household.cars.map((car) => car.label),
            }))
        : null;
    return { route, map: config.mapTiles, showKilometres: config.showKilometres, event, phoneList };
  };

  const fieldsOf = (input: RouteSave): { fields: RouteFields; steps: StepRecord[] } => {
    const resolved = resolveDistances(input.steps);
    if (!resolved.isValid) throw badRequest(resolved.message);
    return {
      fields: {
        title: input.title,
        description: input.description,
        start: input.start,
        finish: input.finish,
        region: input.region,
        visibility: input.visibility,
      },
      steps: input.steps.map((step, i) => ({
        instruction: step.instruction,
        at: resolved.distances[i] ?? 0,
        note: step.note,
        stop: step.stop,
        lat: step.lat ?? null,
        lon: step.lon ?? null,
      })),
    };
  };

  return {
    showKilometres: config.showKilometres,

    list(viewer) {
      const rows = listRoutes(db, viewer !== undefined);
      const drivenOn = viewer
        ? listDrivenOn(
            db,
            rows.map((row) => row.id),
          )
        : new Map<number, RouteEvent[]>();
      return { routes: rows.map((row) => toSummary(row, drivenOn.get(row.id) ?? [])), showKilometres: config.showKilometres };
    },

    readBook,

    save(input) {
      const { fields, steps } = fieldsOf(input);
      return db.transaction((tx) => {
        if (input.id !== 0 && !updateRoute(tx, input.id, fields)) throw notFound(NOT_FOUND);
        const id = input.id === 0 ? insertRoute(tx, fields) : input.id;
        replaceSteps(tx, id, steps);
        return id;
      });
    },

    remove(id) {
      if (!deleteRoute(db, id)) throw notFound(NOT_FOUND);
    },

    async importGpx(id, file) {
      let parsed;
      try {
        parsed = await readGpx(file);
      } catch (error) {
        if (error instanceof GpxError) throw badRequest(error.message);
        throw error;
      }
      const existing = id === 0 ? undefined : findRoute(db, id);
      if (id !== 0 && !existing) throw notFound(NOT_FOUND);
      const length = roundMiles(trackMiles(parsed.track));
      const steps: StepRecord[] = parsed.steps.map((step) => ({ ...step, stop: '' }));
      const routeId = db.transaction((tx) => {
        const target =
          existing?.id ??
          insertRoute(tx, {
            title: parsed.name || 'Imported route',
            description: parsed.description,
            // A step's text is a turn ("Leave the lot, W on Argonne Dr"), not a place: the organiser names them.
            start: '',
            finish: '',
            region: '',
            // A new route may pass members' homes: it is for members until its editor says otherwise.
            visibility: 'members',
          });
        updateTrack(tx, target, parsed.track, length);
        replaceSteps(tx, target, steps);
        return target;
      });
      return { id: routeId, steps: steps.length, miles: milesOf(steps.at(-1)?.at ?? null, length) };
    },

    exportGpx(viewer, id) {
      const record = findVisible(viewer, id);
      const gpx = writeGpx(
        {
          title: record.title,
          description: `${record.description}${record.description ? '\n' : ''}${config.baseUrl}${routePath(id)}`,
          steps: listSteps(db, id),
          track: record.track,
        },
        config.clubName,
      );
      return { gpx, fileName: routeFileName(record.title, id, 'gpx') };
    },

    async exportPdf(viewer, id, eventId, address) {
      const book = readBook(viewer, id, eventId);
      const options = { clubName: config.clubName, link: `${config.baseUrl}${routePath(id)}` };
      const key = drawnBooks.keyOf({ book, options });
      let pdf = drawnBooks.get(key);
      if (pdf === undefined) {
        if (!drawsByAddress.tryTake(address)) {
          throw tooManyAttempts(
            'You have asked for many route books in the last few minutes. Please wait 10 minutes and try again; books already drawn still download.',
          );
        }
        pdf = drawnBooks.draw(key, () => renderRouteBookPdf(book, options));
      }
      return { pdf: await pdf, fileName: routeFileName(book.route.title, id, 'pdf') };
    },

    attach(eventId, routeId) {
      if (!findEventBrief(db, eventId)) throw notFound('That event');
      db.transaction((tx) => {
        if (routeId === 0) {
          clearRouteOfEvent(tx, eventId);
          return;
        }
        if (!findRoute(tx, routeId)) throw notFound(NOT_FOUND);
        setRouteOfEvent(tx, eventId, routeId);
      });
    },

    ofEvent(eventId) {
      const routeId = findRouteIdOfEvent(db, eventId);
      if (routeId === undefined) return null;
      const [row] = listRoutes(db, true, routeId);
      return row ? toSummary(row, listDrivenOn(db, [routeId]).get(routeId) ?? []) : null;
    },
  };
}

/** The pages of the routes anyone may see, for the sitemap. */
export function listPublicRoutePaths(deps: Pick<AppDeps, 'db'>): string[] {
  return listPublicRouteIds(deps.db).map(routePath);
}

/** The address of an event's route book, for its reminder e-mail; undefined when it has none. */
export function routeBookLinkOfEvent(db: DbOrTx, baseUrl: string, eventId: number): string | undefined {
  const routeId = findRouteIdOfEvent(db, eventId);
  return routeId === undefined ? undefined : `${baseUrl}${routePath(routeId)}`;
}
