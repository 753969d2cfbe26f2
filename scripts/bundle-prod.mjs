// Builds what the container runs, into <out>:
//   <out>/api      package.json, dist/ (server.js, cli.js), migrations/, production node_modules
//   <out>/web/dist the built single-page app (the server finds it walking up from api/dist)
// docker/Dockerfile runs this script and scripts/smoke-prod.mjs runs it too, so the smoke test
// starts exactly the file set the image holds.
//
// Usage: pnpm bundle:prod <out>    (or: node scripts/bundle-prod.mjs <out>)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The pnpm that runs this script (pnpm sets npm_execpath), else pnpm 10 through npx. */
function pnpmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(path.basename(execPath))) {
    return /\.c?js$/.test(execPath) ? [process.execPath, execPath] : [execPath];
  }
  return ['npx', '-y', 'pnpm@10'];
}

function run(args) {
  const [command, ...rest] = [...pnpmCommand(), ...args];
  console.log(`$ pnpm ${args.join(' ')}`);
  const result = spawnSync(command, rest, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`pnpm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

/** Compiler leftovers of native modules built from source: not needed at run time. */
function pruneNativeBuildLeftovers(nodeModules) {
  const store = path.join(nodeModules, '.pnpm');
  if (!fs.existsSync(store)) return;
  for (const entry of fs.readdirSync(store)) {
    if (!entry.startsWith('better-sqlite3@')) continue;
    const release = path.join(store, entry, 'node_modules', 'better-sqlite3', 'build', 'Release');
    for (const leftover of ['obj', 'obj.target', 'test_extension.node', '.deps']) {
      fs.rmSync(path.join(release, leftover), { recursive: true, force: true });
    }
  }
}

/**
 * `build: false` uses the apps/api/dist and apps/web/dist already built (`pnpm test` builds once
 * and hands the same build to the smoke test and the browser journeys).
 */
export function bundleProd(outArg, { build = true } = {}) {
  const out = path.resolve(outArg);
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) {
    throw new Error(`The output folder ${out} is not empty; choose a new one.`);
  }
  if (build) {
    run(['build']);
  } else {
    for (const built of ['apps/api/dist/server.js', 'apps/api/dist/cli.js', 'apps/web/dist/index.html']) {
      if (!fs.existsSync(path.join(root, built))) throw new Error(`${built} is missing: run pnpm build first.`);
    }
  }
  // --legacy: pnpm 10's default deploy needs inject-workspace-packages=true, which would turn
  // every workspace package into a copy during development; the legacy deploy still installs
  // the lockfile's versions, production dependencies only, and reuses the store's native builds.
  run(['deploy', '--legacy', '--filter', '@club/api', '--prod', path.join(out, 'api')]);
  fs.mkdirSync(path.join(out, 'web'), { recursive: true });
  fs.cpSync(path.join(root, 'apps', 'web', 'dist'), path.join(out, 'web', 'dist'), { recursive: true });
  pruneNativeBuildLeftovers(path.join(out, 'api', 'node_modules'));
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const out = process.argv[2];
  if (!out) {
    console.error('Usage: node scripts/bundle-prod.mjs <output folder>');
    process.exit(2);
  }
  try {
    console.log(`Production bundle ready in ${bundleProd(out)}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
