import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** The Idea box's one idea. */
export const useIdea = () => useCallQuery('idea.get', {});

/** Replaces the idea; the box is reloaded. */
export const useSaveIdea = () => useCallMutation('idea.set', { invalidates: ['idea.get'] });
