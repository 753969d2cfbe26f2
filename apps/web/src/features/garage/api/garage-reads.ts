import { shownNameOf, type CallName } from '@club/contracts/plain';
import { useQuery } from '@tanstack/react-query';
import { useCallQuery } from '../../../api/call-query.ts';
import { callQueryOptions } from '../../../api/call-query.ts';

/** Every read a car's save or removal changes (the member list's lines too). */
export const CAR_READS = ['cars.list', 'cars.stats', 'car.get', 'cars.mine', 'members.page'] as const satisfies readonly CallName[];

export type RegistryFilters = { year?: number; bodyStyle: string; colour: string; hasPhotos: boolean };

/** A page of the registry with its filters (as the viewer may see it). */
export function useCarsPage(filters: RegistryFilters, page: number) {
  return useCallQuery('cars.list', {
    page,
    ...(filters.year === undefined ? {} : { year: filters.year }),
    ...(filters.bodyStyle ? { bodyStyle: filters.bodyStyle } : {}),
    ...(filters.colour ? { colour: filters.colour } : {}),
    ...(filters.hasPhotos ? { hasPhotos: 1 } : {}),
  });
}

export function useCarStats() {
  return useCallQuery('cars.stats', {});
}

/** One car as this viewer may see it; a members-only car answers 404 to a visitor. */
export function useCar(id: number) {
  return useCallQuery('car.get', { id }, { retry: false });
}

export function useMyCars(isEnabled = true) {
  return useCallQuery('cars.mine', {}, { enabled: isEnabled });
}

export function useBodyStyles() {
  return useQuery(callQueryOptions('bodyStyles.get', {}));
}

/** A member an editor may put a car in the name of, as the owner picker lists them. */
export type OwnerChoice = { id: number; name: string; city: string };

/**
 * The owner picker's choices: one page of the member directory (members.page), the members whose
 * name, city or cars hold every word typed, enabled ones only. Read only while the list is open, a
 * page at a time, never the whole directory; the last answer stays while the next one comes.
 */
export function useOwnerSearch(search: string, isEnabled: boolean) {
  const words = search.trim();
  const query = useCallQuery('members.page', { page: 1, ...(words === '' ? {} : { q: words }) }, { enabled: isEnabled, keepsPreviousAnswer: true });
  const choices: OwnerChoice[] = (query.data?.members ?? [])
    .filter((member) => member.enabled)
    .map((member) => ({
      id: member.id,
      name: shownNameOf({ firstName: member.first_name, lastName: member.last_name, displayName: member.display_name }),
      city: member.city,
    }));
  return { choices, found: query.data?.found ?? 0, isLoading: query.isLoading, isFetching: query.isFetching, error: query.error };
}
