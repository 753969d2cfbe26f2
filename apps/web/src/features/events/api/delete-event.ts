import type { SeriesScope } from '@club/contracts';
import { useCallMutation } from '../../../api/call-query.ts';
import { EVENT_READS } from './event-reads.ts';

/**
 * Deletes an event with its attendance and picture (an occurrence alone, or with the following
 * ones); every event read is reloaded before it resolves.
 */
export function useDeleteEvent() {
  const { mutateAsync, isPending } = useCallMutation('event.delete', { invalidates: EVENT_READS });
  return { isPending, mutateAsync: async (id: number, scope: SeriesScope = 'one'): Promise<void> => void (await mutateAsync({ body: { id, scope } })) };
}
