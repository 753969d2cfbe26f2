import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Services } from './site-services.ts';

/**
 * What the app, every router, every feature service, the CLI and the jobs are built from. A
 * feature service takes the part it needs, e.g. `Pick<AppDeps, 'db' | 'services' | 'config'>`.
 */
export type AppDeps = { config: Config; db: Db; services: Services; logger: Logger };
