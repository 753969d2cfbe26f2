import type { z } from 'zod';
import { CALLS, callPath, type CallName } from './calls.ts';
import { account } from './account.ts';
import { blog } from './blog.ts';
import { classifieds } from './classifieds.ts';
import { contact } from './contact.ts';
import { digest } from './digest.ts';
import { events } from './events.ts';
import { forum } from './forum.ts';
import { garage } from './garage.ts';
import { history } from './history.ts';
import { links } from './links.ts';
import { meetings } from './meetings.ts';
import { members } from './members.ts';
import { newsletters } from './newsletters.ts';
import { search } from './search.ts';
import { routes } from './routes.ts';
import { notifications } from './notifications.ts';
import { signups } from './signups.ts';

type Schemas = { request: z.ZodType; response: z.ZodType };

const schemas = {
  ...account,
  ...history,
  ...newsletters,
  ...events,
  ...blog,
  ...links,
  ...members,
  ...forum,
  ...contact,
  ...notifications,
  ...signups,
  ...meetings,
  ...garage,
  ...classifieds,
  ...search,
  ...routes,
  ...digest,
} as const satisfies Record<CallName, Schemas>;

export type CallDefinition<N extends CallName> = (typeof schemas)[N] & (typeof CALLS)[N] & { name: N; path: string };

/** Every call of the spec: its path, who may call it, how it is encoded, and both schemas. */
export const registry = Object.fromEntries(
  (Object.keys(CALLS) as CallName[]).map((name) => [name, { name, path: callPath(name), ...CALLS[name], ...schemas[name] }]),
) as { [N in CallName]: CallDefinition<N> };

/** What the client sends (before wire coercion). */
export type CallRequest<N extends CallName> = z.input<(typeof schemas)[N]['request']>;
/** What the server handler receives (after validation). */
export type CallInput<N extends CallName> = z.output<(typeof schemas)[N]['request']>;
/** What a successful call answers. */
export type CallResponse<N extends CallName> = z.infer<(typeof schemas)[N]['response']>;

export {
  CALL_NAMES,
  CALLS,
  EXTENSION_CALLS,
  MAX_UPLOAD_BYTES,
  callPath,
  fileFieldsOf,
  type Access,
  type CallName,
  type Encoding,
  type FileField,
  type FileKind,
} from './calls.ts';
