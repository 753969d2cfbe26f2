import { useQuery } from '@tanstack/react-query';
import { callQueryOptions, useCallMutation, useCallQuery, type UseCallQueryOptions } from '../../../api/call-query.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';

/** The server's links last 30 minutes; a link older than this is fetched again before use. */
export const LINK_FRESH_MS = 20 * 60 * 1000;

/** Every edition, as the archive lists them. */
export const useNewsletters = (options?: UseCallQueryOptions) => useCallQuery('newsletters.get', {}, options);

/** Adds an edition (a PDF upload); the archive is reloaded. */
export const useAddNewsletter = () => useCallMutation('newsletter.set', { invalidates: ['newsletters.get'] });

/**
 * A short-lived signed link to one edition's file (a frame cannot send the session token).
 * Fetched again when the viewer opens after a while, never while reading (that would reload the frame).
 */
export function useNewsletterLink(fileName: string) {
  const viewer = useSessionToken();
  return useQuery({
    ...callQueryOptions('newsletter.link', { n: fileName }, viewer),
    retry: false,
    staleTime: LINK_FRESH_MS,
    gcTime: LINK_FRESH_MS,
  });
}
