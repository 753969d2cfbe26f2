import type { CallName, registry } from '@club/contracts';
import { lazyImport } from '../lazy-import.ts';

type Registry = typeof registry;

/**
 * The calls' zod schemas, built on the first call rather than at start. Building them is the
 * largest piece of the server's own start (about 3,000 zod objects, 40 ms of a 105 ms start on
 * this machine, issue 28), and nothing before the first call needs them: the server's other code
 * imports only the zod-free part of the contracts (`@club/contracts/plain`; an architecture test
 * keeps it so). The build puts the schemas in a chunk of their own, loaded here.
 *
 * The server also starts loading them with its other background work (server.ts), so the first
 * member's call seldom waits for them.
 */
let loaded: Registry | undefined;

const load = lazyImport("the calls' contracts", async () => {
  loaded = (await import('@club/contracts/registry')).registry;
  return loaded;
});

/** A call's contract: at once when the schemas are built, else once they are. */
export function callContract<N extends CallName>(name: N): Registry[N] | Promise<Registry[N]> {
  return loaded === undefined ? load().then((schemas) => schemas[name]) : loaded[name];
}

/** Builds every call's schemas now, if not yet built (the server's background work). */
export function loadCallContracts(): Promise<unknown> {
  return load();
}
