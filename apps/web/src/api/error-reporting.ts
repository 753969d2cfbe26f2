/** At most this many reports per page load, so a loop of errors cannot flood the server. */
const MAX_REPORTS = 5;
const sent = new Set<string>();

function describe(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? '' };
  return { message: typeof error === 'string' ? error : 'An unknown error was thrown', stack: '' };
}

/**
 * Sends a browser error to the webmaster's log (error.report). Never throws: reporting an error
 * must not cause another one.
 */
export function reportError(error: unknown): void {
  const { message, stack } = describe(error);
  const key = `${message}|${stack.split('\n')[1] ?? ''}`;
  if (sent.has(key) || sent.size >= MAX_REPORTS) return;
  sent.add(key);
  // The client loads with the first report (or is there already): the entry stays without it.
  import('./client.ts')
    .then(({ callApi }) =>
      callApi('error.report', {
        e: message.slice(0, 5000),
        u: window.location.pathname,
        s: stack.slice(0, 20000),
      }),
    )
    .catch(() => undefined);
}

/** Reports uncaught errors and rejected promises of the whole page. */
export function installErrorReporting(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}
