import { createRequire } from 'node:module';
import type Bcrypt from 'bcrypt';

/**
 * bcrypt, a native module, loads with the first password hashed or compared rather than at every
 * start (about 4 ms of a quiet start, 8 under load; the server's start seldom needs it: only to
 * create the first administrator). This file is the one place that uses it.
 */
let loaded: typeof Bcrypt | undefined;
const bcrypt = (): typeof Bcrypt => (loaded ??= createRequire(import.meta.url)('bcrypt') as typeof Bcrypt);

/** bcrypt's cost for every stored password: logins, resets, changes, the CLI and the first admin. */
export const BCRYPT_ROUNDS = 12;

/**
 * Compared against when the address is unknown, so a miss takes as long as a wrong password: the
 * same cost as every stored hash, or the timing would tell members from strangers. Written out
 * (a hash of "not-a-real-password") rather than hashed at import, which took a quarter of a
 * second of every start; credentials.test.ts checks it has BCRYPT_ROUNDS.
 */
export const UNKNOWN_ADDRESS_HASH = '$2b$12$qMnMnKrjs3/DvISdjtfgZukoqexiGEBHm3beJgVOUtc87sFW./0yO';

export const hashPassword = (password: string): Promise<string> => bcrypt().hash(password, BCRYPT_ROUNDS);

/** For start-up and the CLI, where nothing else is waiting on the event loop. */
export const hashPasswordSync = (password: string): string => bcrypt().hashSync(password, BCRYPT_ROUNDS);

/** Whether `password` is the one `hash` was made from (bcrypt's constant-time comparison). */
export const passwordMatches = (password: string, hash: string): Promise<boolean> => bcrypt().compare(password, hash);
