import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** Every president, in the order the list shows them. */
export const usePresidents = () => useCallQuery('presidents.get', {});

/** Adds a president (id 0) or changes one; the list is reloaded. */
export const useSavePresident = () => useCallMutation('president.save', { invalidates: ['presidents.get'] });
