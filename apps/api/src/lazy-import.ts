/**
 * A heavy dependency (sharp, nodemailer, web-push) loaded the first time
 * it is needed rather than at start: the server starts faster and holds less memory until an
 * upload, an e-mail or a push needs it. Returns a function giving the one module promise.
 *
 * A failed import rejects with an Error naming the package (its cause attached), and the next
 * call tries again, so a caller that retries (the mail outbox, the push queue) loses nothing and
 * a fixed install is picked up without a restart.
 */
export function lazyImport<T>(packageName: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Could not load ${packageName}: ${reason}`, { cause: error });
    });
    return loading;
  };
}
