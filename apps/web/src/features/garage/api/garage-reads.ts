import { shownNameOf, type CallName } from '@club/contracts/browser';
import { useQuery } from '@tanstack/react-query';
import { useCallQuery } from '../../../api/call-query.ts';
import { callQueryOptions } from '../../../api/call-query.ts';

/** Every read a car's save or removal changes (the member list's lines too). */
export const CAR_READS = ['cars.list', 'cars.stats', 'car.get', 'cars.mine', 'members.get', 'members.page'] as const satisfies readonly CallName[];

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

/** The members a member editor may put a car in the name of (the owner picker), by shown name. */
export function useOwnerChoices(isEnabled: boolean) {
  const query = useCallQuery('members.get', {}, { enabled: isEnabled });
  const choices = (query.data?.m ?? [])
    .map((member) => ({ id: member.id, name: shownNameOf({ firstName: member.first_name, lastName: member.last_name, displayName: member.display_name }), isEnabled: member.enabled }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { choices, isLoading: query.isLoading, error: query.error };
}
