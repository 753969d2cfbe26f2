// Starts the built site with demo content at http://localhost:3000 (or $PORT).
// The demo database lives in ./data unless DATA_DIR says otherwise.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { DATA_DIR: 'data', ...process.env, DEMO_DATA: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
