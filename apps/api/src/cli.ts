import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { upsertAccount } from './features/members/admin.ts';

/** Webmaster commands: `admin:create <email> <password>` (more arrive with their features). */
const USAGE = 'Usage: node dist/cli.js admin:create <email> <password> [first name] [last name]';

function main(argv: string[]): number {
  const [command, ...args] = argv;
  const config = loadConfig();
  if (command === 'admin:create') {
    const [email, password, firstName = 'Site', lastName = 'Administrator'] = args;
    if (!email || !password || !email.includes('@')) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    if (password.length < 8) {
      process.stderr.write('The password must be at least 8 characters long.\n');
      return 2;
    }
    const db = openDatabase(config.databaseFile);
    migrateDatabase(db);
    upsertAccount(db, { email, password, firstName, lastName, permissions: ['admin'] });
    db.$client.close();
    process.stdout.write(`Administrator ${email.toLowerCase()} is ready; they can log in now.\n`);
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
