import { z } from 'zod';
import { emailAddress, optionalText, text } from './common.ts';

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
} as const;
