import bcrypt from 'bcrypt';

/** bcrypt's cost for every stored password: logins, resets, changes, the CLI and the first admin. */
export const BCRYPT_ROUNDS = 12;

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, BCRYPT_ROUNDS);

/** For start-up and the CLI, where nothing else is waiting on the event loop. */
export const hashPasswordSync = (password: string): string => bcrypt.hashSync(password, BCRYPT_ROUNDS);
