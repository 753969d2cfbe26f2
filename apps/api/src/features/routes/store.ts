import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LatLon, RouteEvent, RouteVisibility, StopKind } from '@club/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { eventRoutes, events, routes, routeSteps } from '../../db/schema/index.ts';

/** A step as stored: its cumulative miles; the leg is worked out when read. */
export type StepRecord = {
  instruction: string;
  at: number;
  note: string;
  stop: '' | StopKind;
  lat: number | null;
  lon: number | null;
};

export type RouteFields = {
  title: string;
  description: string;
  start: string;
  finish: string;
  region: string;
  visibility: RouteVisibility;
};

export type RouteRecord = RouteFields & { id: number; track: LatLon[]; trackMiles: number };

/** A route as the library lists it, before the viewer's cut. */
export type RouteListRow = {
  id: number;
  title: string;
  region: string;
  visibility: RouteVisibility;
  trackMiles: number;
  stepCount: number;
  stopCount: number;
  lastAt: number | null;
};

const visibleTo = (isMember: boolean): SQL | undefined => (isMember ? undefined : eq(routes.visibility, 'public'));

const recordColumns = {
  id: routes.id,
  title: routes.title,
  description: routes.description,
  start: routes.startLabel,
  finish: routes.finishLabel,
  region: routes.region,
  visibility: routes.visibility,
  track: routes.track,
  trackMiles: routes.trackMiles,
};

export function findRoute(db: DbOrTx, id: number): RouteRecord | undefined {
  return db.select(recordColumns).from(routes).where(eq(routes.id, id)).get();
}

export function listSteps(db: DbOrTx, routeId: number): StepRecord[] {
  return db
    .select({
      instruction: routeSteps.instruction,
      at: routeSteps.atMiles,
      note: routeSteps.note,
      stop: routeSteps.stopKind,
      lat: routeSteps.lat,
      lon: routeSteps.lon,
    })
    .from(routeSteps)
    .where(eq(routeSteps.routeId, routeId))
    .orderBy(asc(routeSteps.position))
    .all()
    .map((row) => ({ ...row, stop: row.stop as StepRecord['stop'] }));
}

/** The library's rows a viewer may see, newest first, with their step counts and last distance. */
export function listRoutes(db: DbOrTx, isMember: boolean, onlyId?: number): RouteListRow[] {
  const stats = db
    .select({
      routeId: routeSteps.routeId,
      stepCount: count().as('step_count'),
      stopCount: sql<number>`sum(case when ${routeSteps.stopKind} <> '' then 1 else 0 end)`.as('stop_count'),
      lastAt: sql<number | null>`max(${routeSteps.atMiles})`.as('last_at'),
    })
    .from(routeSteps)
    // One route (an event's) reads its own steps, not every route's.
    .where(onlyId === undefined ? undefined : eq(routeSteps.routeId, onlyId))
    .groupBy(routeSteps.routeId)
    .as('stats');
  return db
    .select({
      id: routes.id,
      title: routes.title,
      region: routes.region,
      visibility: routes.visibility,
      trackMiles: routes.trackMiles,
      stepCount: sql<number>`coalesce(${stats.stepCount}, 0)`,
      stopCount: sql<number>`coalesce(${stats.stopCount}, 0)`,
      lastAt: stats.lastAt,
    })
    .from(routes)
    .leftJoin(stats, eq(stats.routeId, routes.id))
    .where(and(visibleTo(isMember), onlyId === undefined ? undefined : eq(routes.id, onlyId)))
    .orderBy(desc(routes.id))
    .all();
}

/** The events that used each of the routes, latest first. */
export function listDrivenOn(db: DbOrTx, routeIds: number[]): Map<number, RouteEvent[]> {
  const byRoute = new Map<number, RouteEvent[]>();
  if (routeIds.length === 0) return byRoute;
  const rows = db
    .select({ routeId: eventRoutes.routeId, id: events.id, title: events.title, start: events.start })
    .from(eventRoutes)
    .innerJoin(events, eq(events.id, eventRoutes.eventId))
    .where(inArray(eventRoutes.routeId, routeIds))
    .orderBy(desc(events.start), desc(events.id))
    .all();
  for (const { routeId, ...event } of rows) {
    const list = byRoute.get(routeId) ?? [];
    list.push(event);
    byRoute.set(routeId, list);
  }
  return byRoute;
}

export function insertRoute(tx: DbOrTx, fields: RouteFields & { track?: LatLon[]; trackMiles?: number }): number {
  return tx
    .insert(routes)
    .values({
      title: fields.title,
      description: fields.description,
      startLabel: fields.start,
      finishLabel: fields.finish,
      region: fields.region,
      visibility: fields.visibility,
      track: fields.track ?? [],
      trackMiles: fields.trackMiles ?? 0,
    })
    .returning({ id: routes.id })
    .get().id;
}

export function updateRoute(tx: DbOrTx, id: number, fields: RouteFields): boolean {
  return (
    tx
      .update(routes)
      .set({
        title: fields.title,
        description: fields.description,
        startLabel: fields.start,
        finishLabel: fields.finish,
        region: fields.region,
        visibility: fields.visibility,
        modified: new Date().toISOString(),
      })
      .where(eq(routes.id, id))
      .run().changes > 0
  );
}

export function updateTrack(tx: DbOrTx, id: number, track: LatLon[], trackMiles: number): void {
  tx.update(routes).set({ track, trackMiles, modified: new Date().toISOString() }).where(eq(routes.id, id)).run();
}

export function replaceSteps(tx: DbOrTx, routeId: number, steps: StepRecord[]): void {
  tx.delete(routeSteps).where(eq(routeSteps.routeId, routeId)).run();
  if (steps.length === 0) return;
  tx.insert(routeSteps)
    .values(
      steps.map((step, position) => ({
        routeId,
        position,
        instruction: step.instruction,
        atMiles: step.at,
        note: step.note,
        stopKind: step.stop,
        lat: step.lat,
        lon: step.lon,
      })),
    )
    .run();
}

export function deleteRoute(tx: DbOrTx, id: number): boolean {
  return tx.delete(routes).where(eq(routes.id, id)).run().changes > 0;
}

export function findEventBrief(db: DbOrTx, eventId: number): RouteEvent | undefined {
  return db.select({ id: events.id, title: events.title, start: events.start }).from(events).where(eq(events.id, eventId)).get();
}

export function findRouteIdOfEvent(db: DbOrTx, eventId: number): number | undefined {
  return db.select({ routeId: eventRoutes.routeId }).from(eventRoutes).where(eq(eventRoutes.eventId, eventId)).get()?.routeId;
}

export function setRouteOfEvent(tx: DbOrTx, eventId: number, routeId: number): void {
  tx.insert(eventRoutes).values({ eventId, routeId }).onConflictDoUpdate({ target: eventRoutes.eventId, set: { routeId } }).run();
}

export function clearRouteOfEvent(tx: DbOrTx, eventId: number): void {
  tx.delete(eventRoutes).where(eq(eventRoutes.eventId, eventId)).run();
}

/** Whether the event uses the route. */
export function isRouteOfEvent(db: DbOrTx, routeId: number, eventId: number): boolean {
  return (
    db
      .select({ n: count() })
      .from(eventRoutes)
      .where(and(eq(eventRoutes.eventId, eventId), eq(eventRoutes.routeId, routeId)))
      .get()?.n === 1
  );
}

/** The ids of the routes anyone may see, oldest first (the sitemap). */
export function listPublicRouteIds(db: DbOrTx): number[] {
  return db
    .select({ id: routes.id })
    .from(routes)
    .where(visibleTo(false))
    .orderBy(asc(routes.id))
    .all()
    .map((row) => row.id);
}
