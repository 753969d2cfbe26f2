import type { z } from 'zod';
import type { Permission } from './common.ts';
import { account } from './account.ts';
import { blog } from './blog.ts';
import { contact } from './contact.ts';
import { events } from './events.ts';
import { forum } from './forum.ts';
import { history } from './history.ts';
import { links } from './links.ts';
import { members } from './members.ts';
import { newsletters } from './newsletters.ts';

/**
 * Who may make a call: anyone, any logged-in member (`loggedIn`), or a member holding a
 * permission (note the permission `member` means "add/edit/delete members").
 */
export type Access = 'public' | 'loggedIn' | Permission;

/** How the legacy client encodes the payload. The server accepts all three regardless. */
export type Encoding = 'json' | 'form' | 'multipart';

/** What an uploaded file must be; checked by content on the server. */
export type FileKind = 'jpeg' | 'image' | 'image-or-pdf';

export type FileField = { kind: FileKind; maxCount: number };

type Schemas = { request: z.ZodType; response: z.ZodType };

type Policy = { access: Access; encoding: Encoding; files?: Record<string, FileField> };

const jpeg = (maxCount = 1): FileField => ({ kind: 'jpeg', maxCount });

/** Every call's policy, keyed by legacy name. The schemas come from the area files. */
const policies = {
  'session.get': { access: 'loggedIn', encoding: 'json' },
  'session.create': { access: 'public', encoding: 'json' },
  'session.destroy': { access: 'public', encoding: 'json' },
  'user.settings.set': { access: 'loggedIn', encoding: 'json' },
  'error.report': { access: 'public', encoding: 'json' },
  'password.request': { access: 'public', encoding: 'json' },
  'password.change': { access: 'loggedIn', encoding: 'json' },
  'password.reset': { access: 'public', encoding: 'json' },
  'token.get': { access: 'loggedIn', encoding: 'json' },
  'token.save': { access: 'loggedIn', encoding: 'json' },

  'presidents.get': { access: 'public', encoding: 'json' },
  'president.save': { access: 'history', encoding: 'form' },
  'shaftAwardWinners.get': { access: 'public', encoding: 'json' },
  'shaftAwardWinner.set': { access: 'history', encoding: 'multipart', files: { f: jpeg() } },
  'startupParties.get': { access: 'public', encoding: 'json' },
  'startupParty.set': { access: 'history', encoding: 'form' },
  'boardMembers.get': { access: 'public', encoding: 'json' },
  'boardMembers.save': { access: 'history', encoding: 'multipart', files: { f: { kind: 'image', maxCount: 1 } } },
  'idea.get': { access: 'public', encoding: 'json' },
  'idea.set': { access: 'history', encoding: 'json' },

  'newsletters.get': { access: 'public', encoding: 'json' },
  'newsletter.set': {
    access: 'history',
    encoding: 'multipart',
    files: { f: { kind: 'image-or-pdf', maxCount: 1 } },
  },

  'events.get': { access: 'public', encoding: 'json' },
  'event.save': { access: 'event', encoding: 'multipart', files: { f: jpeg() } },
  'event.delete': { access: 'event', encoding: 'json' },
  'attendance.set': { access: 'loggedIn', encoding: 'json' },

  'blog.get': { access: 'public', encoding: 'json' },
  'blog.save': { access: 'blog', encoding: 'multipart', files: { f: jpeg(30) } },
  'blog.delete': { access: 'blog', encoding: 'json' },

  'links.get': { access: 'public', encoding: 'json' },

  'members.get': { access: 'loggedIn', encoding: 'json' },
  'member.save': { access: 'member', encoding: 'multipart', files: { f: jpeg() } },
  'member.delete': { access: 'member', encoding: 'json' },

  'forum.get': { access: 'loggedIn', encoding: 'json' },
  'forum.createThread': { access: 'forum', encoding: 'multipart', files: { f: jpeg(10) } },
  'forum.createPost': { access: 'forum', encoding: 'json' },
  'forum.update': { access: 'moderator', encoding: 'json' },

  'contact.submit': { access: 'public', encoding: 'json' },
} as const satisfies Record<string, Policy>;

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
} as const satisfies Record<keyof typeof policies, Schemas>;

export type CallName = keyof typeof policies;

export type CallDefinition<N extends CallName> = (typeof schemas)[N] &
  (typeof policies)[N] & { name: N; path: string };

/** Every call of the spec: its path, who may call it, how it is encoded, and both schemas. */
export const registry = Object.fromEntries(
  (Object.keys(policies) as CallName[]).map((name) => [
    name,
    { name, path: callPath(name), ...policies[name], ...schemas[name] },
  ]),
) as { [N in CallName]: CallDefinition<N> };

export const CALL_NAMES = Object.keys(policies) as CallName[];

export function callPath(name: string): string {
  return `/api/${name}.php`;
}

/** What the client sends (before wire coercion). */
export type CallRequest<N extends CallName> = z.input<(typeof schemas)[N]['request']>;
/** What the server handler receives (after validation). */
export type CallInput<N extends CallName> = z.output<(typeof schemas)[N]['request']>;
/** What a successful call answers. */
export type CallResponse<N extends CallName> = z.infer<(typeof schemas)[N]['response']>;

export function fileFieldsOf(name: CallName): Record<string, FileField> {
  const policy: Policy = policies[name];
  return policy.files ?? {};
}
