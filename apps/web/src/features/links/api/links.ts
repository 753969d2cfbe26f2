import { useCallQuery } from '../../../api/call-query.ts';

/** The link groups of the Links page. */
export const useLinks = () => useCallQuery('links.get', {});
