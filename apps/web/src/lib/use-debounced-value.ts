import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs`: a search box asks the server after a
 * pause in the typing, not at every key. A value `isImmediate` accepts (an emptied box) passes at once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number, isImmediate: (value: T) => boolean = () => false): T {
  const [settled, setSettled] = useState(value);
  const passesAtOnce = isImmediate(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), passesAtOnce ? 0 : delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs, passesAtOnce]);
  return passesAtOnce ? value : settled;
}
