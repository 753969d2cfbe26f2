import type { EventRowsReply, EventsReply } from '@club/contracts';
import type { CallResponse } from '../../api/client.ts';

type EventsGetReply = CallResponse<'events.get'>;

/** The full events of an answer to one event, a window of days or the legacy list: those reads never answer rows. */
export function fullEventsOf(reply: EventsGetReply): EventsReply {
  if ('v' in reply) return reply;
  throw new Error('The server answered list rows where full events were asked for.');
}

/** The brief rows of an answer to `upcoming` or `past`: those reads never answer full events. */
export function eventRowsOf(reply: EventsGetReply): EventRowsReply {
  if ('rows' in reply) return reply;
  throw new Error('The server answered full events where list rows were asked for.');
}
