import { useCallQuery } from '../../api/use-call-query.ts';

/** The link groups in the server's order. */
export function useLinkGroups() {
  return useCallQuery('links.get', {});
}
