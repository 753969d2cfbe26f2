import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** Every Shaft Award winner. */
export const useShaftAwardWinners = () => useCallQuery('shaftAwardWinners.get', {});

/** Adds a winner (id 0) or changes one, with its picture; the list is reloaded. */
export const useSaveShaftAwardWinner = () => useCallMutation('shaftAwardWinner.set', { invalidates: ['shaftAwardWinners.get'] });
