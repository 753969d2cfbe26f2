import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const built = new Map<string, Promise<string>>();

/** The built worker beside the entry points: `dir` is where the caller's code is, an entry point or a shared chunk one folder below them (build.mjs). */
function builtWorker(dir: string, file: string): string {
  const beside = path.join(dir, file);
  return fs.existsSync(beside) ? beside : path.join(path.dirname(dir), file);
}

/**
 * The file a child process runs for a worker whose source is `source` (a `.ts` URL beside its
 * caller). In the production bundle each worker has its own bundle beside server.js and cli.js
 * (build.mjs), found from where the caller's code is (`builtWorker`). Development and tests run TypeScript:
 * the worker is bundled once per process with esbuild (a development dependency; `external`
 * packages stay imports) into node_modules/.cache/club-api, where those packages resolve. Starting
 * the child through tsx instead would cost 1-2 s per start.
 */
export function workerFile(source: URL, external: string[]): Promise<string> {
  const sourceFile = fileURLToPath(source);
  const name = path.basename(sourceFile, '.ts');
  if (!import.meta.url.endsWith('.ts')) return Promise.resolve(builtWorker(path.dirname(sourceFile), `${name}.js`));
  let file = built.get(sourceFile);
  if (file === undefined) {
    file = (async () => {
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [sourceFile],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        external,
        write: false,
        logLevel: 'silent',
      });
      const dir = fileURLToPath(new URL('../../node_modules/.cache/club-api/', import.meta.url));
      fs.mkdirSync(dir, { recursive: true });
      const target = path.join(dir, `${name}.mjs`);
      // Written aside and renamed: test files in other processes may be starting it at this moment.
      const staged = `${target}.${process.pid}`;
      fs.writeFileSync(staged, result.outputFiles[0]?.contents ?? '');
      fs.renameSync(staged, target);
      return target;
    })();
    built.set(sourceFile, file);
  }
  return file;
}
