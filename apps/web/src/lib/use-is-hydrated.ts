import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False in the server's render of a page and while the browser hydrates it, true from then on
 * (and in every render the browser makes itself): what is painted from the server's HTML only
 * works once React has taken it over.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
