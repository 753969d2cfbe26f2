import { z } from 'zod';
import { emailAddress, integer, optionalText, sessionTokenSchema, text } from './common.ts';

/** A contact message whose e-mail to the club failed for good: kept whole, so the admin can read and resend it. */
export const failedContactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  created: z.string(),
  lastError: z.string().nullable(),
});
export type FailedContactMessage = z.infer<typeof failedContactMessageSchema>;

export const contact = {
  'contact.submit': {
    request: z.object({
      f: text('first name', 100),
      l: text('last name', 100),
      e: emailAddress(),
      m: text('message', 10000),
      /** Honeypot: people never see this field, so anything in it marks a robot. */
      website: optionalText('website', 500),
    }),
    response: z.object({}),
  },
  /** Beyond the spec: the contact messages whose e-mail failed for good (newest first). */
  'contact.failed': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ c: z.array(failedContactMessageSchema) }),
  },
  /** Beyond the spec: queue a failed contact message's e-mail again (after fixing SMTP). */
  'contact.resend': {
    request: z.object({ g: sessionTokenSchema, id: integer('message id', { min: 1 }) }),
    response: z.object({}),
  },
} as const;
