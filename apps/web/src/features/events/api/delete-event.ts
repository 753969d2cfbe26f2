import { useCallMutation } from '../../../api/call-query.ts';
import { EVENT_READS } from './event-reads.ts';

/** Deletes an event with its attendance and picture; every event read is reloaded before it resolves. */
export function useDeleteEvent() {
  const { mutateAsync, isPending } = useCallMutation('event.delete', { invalidates: EVENT_READS });
  return { isPending, mutateAsync: async (id: number): Promise<void> => void (await mutateAsync({ body: { id } })) };
}
