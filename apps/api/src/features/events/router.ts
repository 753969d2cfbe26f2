import { PATHS, eventPath } from '@club/contracts/plain';
import type { CallResponse } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound, notLoggedIn } from '../../errors.ts';
import { streamObject } from '../../http/json-stream.ts';
import { mountCall, type ApiRouter } from '../../http/mount-call.ts';
import { sendStoredGzip } from '../../http/send-stored.ts';
import { resolveSession, tokenOf } from '../../http/session.ts';
import { createEventsService } from './service.ts';

/** The private subscription feed: a calendar app fetches it with no login, so the address itself is the secret. */
const FEED_ROUTE = '/calendar/:token.ics';
/** One event's .ics download: a form post carrying the member's session as `g`. */
const EVENT_ICS_ROUTE = '/calendar/event/:id.ics';

const ICS_TYPE = 'text/calendar; charset=utf-8';

export function mountEventsCalls(api: ApiRouter, deps: AppDeps): void {
  const events = createEventsService(deps);

  // 23 MB of JSON at ten times the club's data: written event by event and compressed as it goes.
  mountCall(
    api,
    'events.get',
    (_input, { user }) => {
      const { events: v, names: u } = events.streamAll(user);
      return streamObject<CallResponse<'events.get'>>({ v, u });
    },
    { cache: 'member' },
  );

  mountCall(api, 'event.get', ({ id }, { user }) => events.readOne(user, id), { cache: 'member' });

  // The calendar shows titles, times and venues only: one answer per window serves every member.
  mountCall(api, 'events.month', ({ from, to }) => ({ events: events.listWindow({ from, to }) }), { cache: 'shared' });

  // Brief rows carry nothing about who asks, so one answer serves every member.
  mountCall(api, 'events.upcoming', ({ at }) => ({ rows: events.listUpcoming(at) }), { cache: 'shared' });

  mountCall(api, 'events.past', ({ at, page }) => events.listPast(at, page), { cache: 'shared' });

  mountCall(api, 'event.save', async (input, { files, user }) => {
    const image = files.f?.[0];
    const saved = await events.save({
      id: input.id,
      title: input.t,
      start: input.start,
      end: input.end,
      location: input.venue,
      addressLine1: input.address,
      addressLine2: input.address2,
      country: input.country,
      text: input.description,
      notifyDaysOut: input.notify,
      keepImage: input.img !== '',
      image: image?.buffer,
      signup: input.signup && { ...input.signup, capacity: input.signup.capacity ?? null },
      repeat: input.repeat,
      scope: input.scope,
      actorId: user.id,
      dropSignups: input.dropSignups,
    });
    return { i: saved.id, img: saved.imageUrl };
  });

  mountCall(api, 'event.nowReminder', ({ id }) => events.nowReminder(id));

  mountCall(api, 'event.seriesPreview', ({ id, start, repeat }) => ({ removed: events.previewSeries(id, start, repeat) }));

  mountCall(api, 'event.delete', ({ id, scope }, { user }) => {
    events.remove(id, scope, user.id);
    return {};
  });

  mountCall(api, 'calendarFeed.get', (_input, { user }) => ({ created: events.feedCreated(user) }));
  mountCall(api, 'calendarFeed.reset', (_input, { user }) => events.resetFeed(user));

  api.routes.get(FEED_ROUTE, (req, res) => {
    const feed = events.feedCalendar(req.params.token);
    if (feed === undefined) throw notFound('That calendar address');
    sendStoredGzip(req, res, feed, feed.bytes, ICS_TYPE);
  });

  api.routes.post(EVENT_ICS_ROUTE, (req, res) => {
    const id = Number(req.params.id);
    const isEvent = Number.isInteger(id) && id > 0;
    const isLoggedIn = resolveSession(deps.db, tokenOf(req.body)) !== undefined;
    if (!isLoggedIn || !isEvent) {
      // The button is a plain form post, so a browser shows whatever comes back as a page. Send it
      // to the event's page instead, which asks an ended session to log in (or says the event is
      // not there); other clients get the error as JSON.
      if (req.accepts(['json', 'html']) === 'html') return res.redirect(303, isEvent ? eventPath(id) : PATHS.events);
      if (!isLoggedIn) throw notLoggedIn('Please log in to add club events to your calendar.');
      throw badRequest('That is not an event number.');
    }
    const file = events.eventCalendar(id);
    res.setHeader('Content-Disposition', `attachment; filename="event-${id}.ics"`);
    sendStoredGzip(req, res, file, file.bytes, ICS_TYPE);
  });
}
