import { z } from 'zod';
import {
  emailAddress,
  flag,
  integer,
  list,
  optionalText,
  permissionSchema,
  recordId,
  sessionTokenSchema,
  text,
} from './common.ts';

export const memberSchema = z.object({
  id: z.number().int(),
  enabled: z.boolean(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  cars: z.array(z.string()),
  imageUrl: z.string(),
  email: z.string(),
  email_notifications: z.boolean(),
  created: z.string(),
  modified: z.string(),
  permissions: z.array(permissionSchema),
});
export type Member = z.infer<typeof memberSchema>;

/** A square crop of the uploaded photo, in source pixels. */
export const cropSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  size: z.number().int().min(1),
});

export const members = {
  'members.get': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ m: z.array(memberSchema), p: z.array(z.tuple([permissionSchema, z.string()])) }),
  },
  'member.save': {
    request: z.object({
      g: sessionTokenSchema,
      i: recordId('member id'),
      o: flag('enabled'),
      fn: text('first name', 100),
      l: text('last name', 100),
      e: emailAddress(),
      p: optionalText('phone', 50),
      a: optionalText('address', 200),
      c: optionalText('city', 100),
      s: optionalText('state', 50),
      z: optionalText('zip', 20),
      img: optionalText('image', 500),
      ic: z
        .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? JSON.parse(v) : v || undefined), cropSchema.optional())
        .describe('photo crop'),
      perm: list(permissionSchema, 'permissions'),
      displayName: optionalText('display name', 100),
      cars: list(z.string().trim().min(1).max(200), 'cars'),
      /** 1: e-mail a new member a link to set their own password. */
      invite: flag('send invitation'),
    }),
    response: z.object({ i: z.number().int(), img: z.string() }),
  },
  'member.delete': {
    request: z.object({ g: sessionTokenSchema, id: integer('member id', { min: 1 }) }),
    response: z.object({}),
  },
} as const;
