import { z } from 'zod';
import { emailAddress, flag, optionalInteger, optionalText, permissionSchema, sessionTokenSchema, text } from './common.ts';
import { FIELD_MESSAGES } from './field-messages.ts';
import { NEW_PASSWORD_LENGTH } from './password-rules.ts';

/** The logged-in member as the browser sees them. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  permissions: z.array(permissionSchema),
  emailNotifications: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** One of the members an e-mailed link may be for, when they share the address it went to. */
export const linkPersonSchema = z.object({ i: z.number().int(), n: z.string() });
export type LinkPerson = z.infer<typeof linkPersonSchema>;

/** The secret of an e-mailed sign-in link, as its page sends it. */
const signInLinkSchema = z
  .string()
  .trim()
  .min(1, 'This sign-in link is incomplete. Please ask for a new one.')
  .max(200, 'This sign-in link is not valid.')
  .describe('sign-in link');

export const passwordSchema = (label: string) =>
  z
    .string({ error: FIELD_MESSAGES.missing(label) })
    .min(1, FIELD_MESSAGES.missing(label))
    .max(200, FIELD_MESSAGES.tooLong(label, 200))
    .describe(label);

/** A new password: long enough to resist guessing, short enough for bcrypt. */
export const newPasswordSchema = z
  .string({ error: FIELD_MESSAGES.missing('new password') })
  .min(NEW_PASSWORD_LENGTH.min, FIELD_MESSAGES.tooShort('new password', NEW_PASSWORD_LENGTH.min))
  .max(NEW_PASSWORD_LENGTH.max, FIELD_MESSAGES.tooLong('new password', NEW_PASSWORD_LENGTH.max))
  .describe('new password');

export const account = {
  'session.get': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ u: sessionUserSchema }),
  },
  'session.create': {
    request: z.object({
      u: z
        .string({ error: FIELD_MESSAGES.missing('username') })
        .trim()
        .min(1, FIELD_MESSAGES.missing('username'))
        .max(254, FIELD_MESSAGES.tooLong('username', 254))
        .transform((v) => v.toLowerCase())
        .describe('username'),
      p: passwordSchema('password'),
      /** Beyond the spec: who is logging in, when members sharing the address have the same password (one of `h`). */
      i: optionalInteger('person', { min: 1 }),
    }),
    /** The session (`g`, `u`), or, when members sharing the address have the same password, who they are (`h`), to choose from. */
    response: z.union([z.object({ g: z.string(), u: sessionUserSchema }), z.object({ h: z.array(linkPersonSchema) })]),
  },
  'session.destroy': {
    request: z.object({ g: sessionTokenSchema.optional() }),
    response: z.object({}),
  },
  'user.settings.set': {
    request: z.object({ g: sessionTokenSchema, e: flag('e-mail notifications') }),
    response: z.object({ u: sessionUserSchema }),
  },
  'error.report': {
    request: z.object({
      e: text('error message', 5000),
      u: optionalText('page address', 2000),
      g: sessionTokenSchema.optional(),
      s: optionalText('stack trace', 20000),
    }),
    response: z.object({}),
  },
  'password.request': {
    request: z.object({ e: emailAddress() }),
    response: z.object({}),
  },
  'password.change': {
    request: z.object({ g: sessionTokenSchema, o: passwordSchema('old password'), n: newPasswordSchema }),
    response: z.object({}),
  },
  'password.reset': {
    request: z.object({
      g: z.string().trim().min(1, 'This reset link is incomplete. Please request a new one.').describe('reset link'),
      n: newPasswordSchema.optional(),
      /** Who is setting it, when the link went to an address several members share (one of `h`). */
      i: optionalInteger('person', { min: 1 }),
    }),
    /**
     * The first call (without n) names the member (`u`), or, for an address several members share,
     * lists them (`h`) for the person to choose; the second sets the password.
     */
    response: z.object({ u: z.string().optional(), h: z.array(linkPersonSchema).optional() }),
  },
  /** Beyond the spec: e-mails a sign-in link; answers alike whether the address is known or not. */
  'signIn.request': {
    request: z.object({ e: emailAddress() }),
    response: z.object({}),
  },
  /** Whom a sign-in link is for (`u`, or `h` to choose from at a shared address), without using it. */
  'signIn.check': {
    request: z.object({ t: signInLinkSchema }),
    response: z.object({ u: z.string().optional(), h: z.array(linkPersonSchema).optional() }),
  },
  /** Uses a sign-in link once: a session for the member (the one chosen, `i`, at a shared address). */
  'signIn.use': {
    request: z.object({ t: signInLinkSchema, i: optionalInteger('person', { min: 1 }) }),
    response: z.object({ g: z.string(), u: sessionUserSchema }),
  },
  'token.get': {
    request: z.object({ g: sessionTokenSchema, t: text('push subscription', 4000) }),
    response: z.object({ r: z.boolean() }),
  },
  'token.save': {
    request: z.object({ g: sessionTokenSchema, t: text('push subscription', 4000), e: flag('subscribe') }),
    response: z.object({}),
  },
} as const;
