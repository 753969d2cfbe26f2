import { z } from 'zod';
import { emptyRequestSchema } from './common.ts';

export const linkSchema = z.object({ url: z.string(), label: z.string() });
export const linkGroupSchema = z.object({ groupName: z.string(), links: z.array(linkSchema) });
export type LinkGroup = z.infer<typeof linkGroupSchema>;

export const links = {
  'links.get': {
    request: emptyRequestSchema,
    response: z.object({ l: z.array(linkGroupSchema) }),
  },
} as const;
