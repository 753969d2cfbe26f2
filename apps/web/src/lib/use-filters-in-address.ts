import { useSearchParams } from 'react-router';

/** A whole number above 0 from the address, or undefined for anything else a person may type there. */
export const positiveNumber = (value: string | null): number | undefined => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

interface FiltersInAddress<F> {
  filters: F;
  page: number;
  /** New filters start at page 1. */
  apply: (next: F) => void;
  /** The address of page n with the same filters. */
  pathOf: (page: number) => string;
}

/**
 * A list whose filters and page live in the address (the registry, the classifieds), so a
 * filtered page can be bookmarked, shared and reached with Back.
 */
export function useFiltersInAddress<F>(read: (params: URLSearchParams) => F, write: (filters: F) => Record<string, string>): FiltersInAddress<F> {
  const [params, setParams] = useSearchParams();
  const filters = read(params);
  return {
    filters,
    page: positiveNumber(params.get('page')) ?? 1,
    apply: (next) => setParams(write(next)),
    pathOf: (page) => `?${new URLSearchParams({ ...write(filters), ...(page > 1 ? { page: String(page) } : {}) }).toString()}`,
  };
}
