import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** Every start-up party. */
export const useStartupParties = () => useCallQuery('startupParties.get', {});

/** Adds a start-up party (id 0) or changes one; the list is reloaded. */
export const useSaveStartupParty = () => useCallMutation('startupParty.set', { invalidates: ['startupParties.get'] });
