import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every class a page draws that some stylesheet styles is styled by a stylesheet the page loads:
 * the site's own (main.tsx's and the layout's) or one its modules import, statically or when a
 * part of it loads later. A component that leaned on another page's stylesheet looked right only
 * after that page had been visited, and bare when its page was opened by its address (the route
 * book's map, the registry's and the classifieds' filters, the account page's car editor). Each
 * component imports the stylesheets whose classes it writes.
 */
const src = fileURLToPath(new URL('..', import.meta.url));
const SITE_STYLESHEETS = ['styles/tokens.css', 'styles/base.css', 'app/layout/layout.css', 'components/loading.css'].map((file) => path.join(src, file));

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const files = filesUnder(src);

/** Each class name any stylesheet of the app has a rule for, with the stylesheets that do. */
const styledBy = new Map<string, Set<string>>();
for (const sheet of files.filter((file) => file.endsWith('.css'))) {
  const rules = fs.readFileSync(sheet, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, name] of rules.matchAll(/\.([a-zA-Z][\w-]*)/g)) {
    if (name === undefined) continue;
    const sheets = styledBy.get(name) ?? new Set<string>();
    sheets.add(sheet);
    styledBy.set(name, sheets);
  }
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(from), specifier);
  return [target, `${target}.ts`, `${target}.tsx`].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** The app's modules and stylesheets a module imports: statically (not types only) or with import(). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [
    ...[...text.matchAll(/^import\s+(type\s+)?(?:[^'"]*?from\s+)?['"]([^'"]+)['"]/gm)].filter(([, isType]) => !isType).map(([, , specifier]) => specifier),
    ...[...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(([, specifier]) => specifier),
  ];
  return specifiers.flatMap((specifier) => {
    const target = specifier === undefined ? undefined : resolve(file, specifier);
    return target === undefined ? [] : [target];
  });
}

function closureOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (!file.endsWith('.css')) for (const imported of importsOf(file)) closureOf(imported, seen);
  return seen;
}

/** The class names a component writes as plain strings in className. */
function classesIn(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const written = [...text.matchAll(/className=(?:"([^"]+)"|\{`([^`]+)`\}|\{'([^']+)'\})/g)].flatMap(([, plain, template, quoted]) =>
    (plain ?? template ?? quoted ?? '').split(/\s+/),
  );
  return written.filter((name) => /^[a-zA-Z][\w-]*$/.test(name));
}

describe('the stylesheets of each page', () => {
  const pages = files.filter((file) => /[\\/]pages[\\/][^\\/]+-page\.tsx$/.test(file));

  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThan(40);
  });

  it('style every class a page draws with a stylesheet the page loads', () => {
    const unstyled: string[] = [];
    for (const page of pages) {
      const modules = closureOf(page);
      const loaded = new Set([...SITE_STYLESHEETS, ...[...modules].filter((file) => file.endsWith('.css'))]);
      for (const component of [...modules].filter((file) => file.endsWith('.tsx'))) {
        for (const name of new Set(classesIn(component))) {
          const sheets = styledBy.get(name);
          if (sheets === undefined || [...sheets].some((sheet) => loaded.has(sheet))) continue;
          const where = [...sheets].map((sheet) => path.relative(src, sheet)).join(', ');
          unstyled.push(`${path.relative(src, page)}: ${path.relative(src, component)} writes .${name}, styled only in ${where}`);
        }
      }
    }
    expect(unstyled).toEqual([]);
  });
});
