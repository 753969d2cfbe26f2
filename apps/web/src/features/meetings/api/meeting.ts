import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** Where and when the club meets (the admin's, or the default until first saved). */
export const useMeeting = () => useCallQuery('meeting.get', {});

/** The admin changes the place or schedule; every page that shows it reads it again. */
export const useSaveMeeting = () => useCallMutation('meeting.set', { invalidates: ['meeting.get'] });
