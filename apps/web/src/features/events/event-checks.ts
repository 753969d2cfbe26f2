import type { SignupSettings } from '@club/contracts';
import { checkAgainstContract } from '../../components/contract-check.ts';
import { toSaveBody, type EventFields } from './api/save-event.ts';

// The editor's checks against the contract (they load zod when the form is sent). They live here,
// not in api/, whose hooks ride in the call-query chunk that every reading page loads (vite.config.ts).

/** The contract's first message about the fields, or null when they pass (the server's words). */
export function checkEventFields(fields: EventFields): Promise<string | null> {
  return checkAgainstContract('event.save', { ...toSaveBody({ ...fields, id: 0, imageUrl: '' }), g: 'checked-by-the-server' });
}

/** The contract's first message about an event's sign-up settings, or null when they pass. */
export function checkSignupSettings({ capacity, deadline, choices }: SignupSettings): Promise<string | null> {
  return checkAgainstContract('signup.settings', { eventId: 1, g: 'checked-by-the-server', capacity: capacity ?? '', deadline, choices });
}
