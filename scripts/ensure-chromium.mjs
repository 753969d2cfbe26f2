// Browser tests drive the system Chromium (never a downloaded one). Installs it with apt-get
// when it is missing and we can (root on Debian/Ubuntu); otherwise says in one line how to get it.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = () => candidates.find((p) => existsSync(p));

if (!found()) {
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log('Chromium is missing; installing it with apt-get (Debian package "chromium")…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  }
}
if (!found()) {
  console.error('Browser tests need Chromium: run `sudo apt-get install chromium` (or set CHROMIUM_PATH to a Chromium binary).');
  process.exit(1);
}
