import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * How many page chunks are loading. The layout's progress bar shows while one is, so a click on
 * a page not visited yet is seen to be heard (what the data router's `useNavigation` gave).
 */
let pending = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export async function trackPageLoad<T>(load: () => Promise<T>): Promise<T> {
  pending += 1;
  notify();
  try {
    return await load();
  } finally {
    pending -= 1;
    notify();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useIsLoadingPage(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}

/** How long a page may take before the page area says it is loading: a quick change shows no flash. */
const SLOW_PAGE_MS = 300;

/** True once a page chunk has been loading for SLOW_PAGE_MS, until it has arrived. */
export function useIsSlowPageLoad(): boolean {
  const isLoading = useIsLoadingPage();
  const [isSlow, setIsSlow] = useState(false);
  useEffect(() => {
    if (!isLoading) return;
    const timer = setTimeout(() => setIsSlow(true), SLOW_PAGE_MS);
    return () => {
      clearTimeout(timer);
      setIsSlow(false);
    };
  }, [isLoading]);
  return isLoading && isSlow;
}
