import { useEffect, type ReactNode } from 'react';

declare global {
  interface Window {
    /** Set by /after-paint.js on a page drawn by the server: the button last tapped before React ran. */
    clubHeldClick?: { take(): HTMLElement | null };
  }
}

let heldButton: HTMLElement | null = null;

/**
 * Stops /after-paint.js holding taps and keeps the button last tapped before React took the page
 * over, if any. Called just before hydration: from then on React sees every tap itself.
 */
export function takeHeldClick(): void {
  heldButton = window.clubHeldClick?.take() ?? null;
}

/**
 * Clicks, once the page is hydrated, the button tapped while it was not (a phone's "Menu" tapped
 * while the scripts loaded): what the person asked for happens then, not never. Once only, and
 * only on the very button: a page rendered afresh has replaced it. It wraps the whole site and
 * renders it as it is: a sibling beside it would shift every `useId` of the client's tree from
 * the server's (a dialog's aria-labelledby would then name nothing), and its effect runs once
 * all of the site's have, that is once hydration has committed.
 */
export function ReplayHeldClick({ children }: { children: ReactNode }): ReactNode {
  useEffect(() => {
    const button = heldButton;
    heldButton = null;
    if (button?.isConnected === true) button.click();
  }, []);
  return children;
}
