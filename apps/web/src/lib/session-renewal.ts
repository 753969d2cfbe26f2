/**
 * Logging in again in place, when a write finds that the member's session has ended (it
 * expired, or they logged out in another tab): the form that sent it stays on screen with what
 * was typed, a dialog asks for the password, and the write goes again. The dialog (components/)
 * registers here; the API layer asks through `renewSession`. Lives in lib/ so that api/ can ask
 * without importing anything above it.
 */

/** Asks the member to log in again; resolves true once they have, false when they decline. */
export type SessionRenewal = () => Promise<boolean>;

let renewal: SessionRenewal | undefined;
let asking: Promise<boolean> | undefined;

/** The dialog offers itself while mounted; returns the undo. */
export function registerSessionRenewal(ask: SessionRenewal): () => void {
  renewal = ask;
  return () => {
    if (renewal === ask) renewal = undefined;
  };
}

/** Whether anything on screen can ask the member to log in again. */
export function canRenewSession(): boolean {
  return renewal !== undefined;
}

/** Asks once, however many writes found the session ended at the same time. */
export function renewSession(): Promise<boolean> {
  if (renewal === undefined) return Promise.resolve(false);
  asking ??= renewal().finally(() => {
    asking = undefined;
  });
  return asking;
}
