import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const API = 'apps/api/src';
const WEB = 'apps/web/src';
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** Every feature folder on disk, so a new feature is covered by the zones the day it is created. */
const featuresIn = (root, dir) =>
  fs.existsSync(path.join(root, dir))
    ? fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

/**
 * Which folders may import which, resolved as real paths (so `../other/store.ts` is caught too):
 * - API (features -> services -> http/db): http and services never import a feature, and a
 *   feature never imports another feature's store or router (its service is the way in).
 * - Web: features never import each other; shared pieces move to components/.
 */
function importZones(root) {
  const apiFeatures = featuresIn(root, `${API}/features`);
  const webFeatures = featuresIn(root, `${WEB}/features`);
  return [
    { target: `./${API}/http`, from: `./${API}/features`, message: 'http/ never imports a feature; move the shared piece to services/ or db/.' },
    { target: `./${API}/services`, from: `./${API}/features`, message: 'services/ never imports a feature; pass in what it needs.' },
    ...apiFeatures
      .map((feature) => ({
        target: `./${API}/features/${feature}`,
        from: apiFeatures
          .filter((other) => other !== feature)
          .flatMap((other) => [`./${API}/features/${other}/store.ts`, `./${API}/features/${other}/router.ts`]),
        message: "A feature never imports another feature's store or router; call that feature's service instead.",
      }))
      .filter((zone) => zone.from.length > 0),
    ...webFeatures
      .map((feature) => ({
        target: `./${WEB}/features/${feature}`,
        from: webFeatures.filter((other) => other !== feature).map((other) => `./${WEB}/features/${other}`),
        message: 'Features never import each other; move the shared piece to components/.',
      }))
      .filter((zone) => zone.from.length > 0),
  ];
}

/**
 * The API's layers (issue 19): http/ holds HTTP only; lib/ holds plain helpers (tokens, client
 * address keys, file-type sniffing) that http/, services/ and features may all use; services/
 * never import http/; in a feature only the router (and a raw route beside it) speaks HTTP.
 */
function apiLayerZones() {
  return [
    { target: `./${API}/services`, from: `./${API}/http`, message: 'services/ never imports http/; move the shared piece to lib/.' },
    {
      target: `./${API}/lib`,
      from: `./${API}`,
      except: ['./lib'],
      message: 'lib/ holds plain helpers that every layer may use, so it imports nothing else of the API.',
    },
    {
      target: `./${API}/features/*/!(router|*-route).ts`,
      from: `./${API}/http`,
      message: "Only a feature's router speaks HTTP; its service, store and rules never import http/.",
    },
  ];
}

/**
 * The first segments of the site's page addresses, read from their one home
 * (packages/contracts/src/paths.ts), so the API can be kept from spelling one by hand.
 */
function pageSegments(root) {
  const file = path.join(root, 'packages/contracts/src/paths.ts');
  if (!fs.existsSync(file)) return [];
  const routes = [...fs.readFileSync(file, 'utf8').matchAll(/^\s+\w+: '\/([\w-]+)[^']*',$/gm)].map((match) => match[1]);
  return [...new Set(routes)];
}

/** A string or template piece that starts with a page address, e.g. '/reset/' or `/event/${id}`. */
function pageAddressSelectors(root) {
  const segments = pageSegments(root);
  if (segments.length === 0) return [];
  const pattern = `^\\/(${segments.join('|')})([\\/?#]|$)`;
  const message = 'Build page addresses with the helpers in @club/contracts (paths.ts), their one home.';
  return [
    { selector: `Literal[value=/${pattern}/]`, message },
    { selector: `TemplateElement[value.raw=/${pattern}/]`, message },
  ];
}

/** The whole configuration for a checkout at `root` (the import zones read its feature folders). */
export function createConfig(root) {
  return tseslint.config(
    { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', '**/migrations/**', 'data/**', '**/*.d.ts'] },
    js.configs.recommended,
    ...tseslint.configs.strict,
    {
      languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
      rules: {
        '@typescript-eslint/no-explicit-any': 'error',
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        '@typescript-eslint/consistent-type-imports': 'error',
        'no-console': 'error',
      },
    },
    {
      files: [`${WEB}/**/*.{ts,tsx}`],
      languageOptions: { globals: { ...globals.browser } },
      plugins: { 'react-hooks': reactHooks },
      rules: { ...reactHooks.configs.recommended.rules, 'no-console': ['error', { allow: ['warn', 'error'] }] },
    },
    // Import direction and no cycles (type-only imports are erased, so import-x leaves them out of cycles).
    {
      files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': SOURCE_EXTENSIONS,
        'import-x/resolver-next': [createNodeResolver({ extensions: SOURCE_EXTENSIONS })],
      },
      rules: {
        'import-x/no-cycle': 'error',
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...importZones(root), ...apiLayerZones()] }],
      },
    },
    // Page addresses have one home, the contracts' paths.ts; the API's own code never spells one.
    {
      files: [`${API}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-syntax': ['error', ...pageAddressSelectors(root)] },
    },
    {
      files: ['**/*.test.ts', '**/*.test.tsx', '**/e2e/**', 'scripts/**', '**/scripts/**', '**/build.mjs'],
      rules: { 'no-console': 'off' },
    },
  );
}

export default createConfig(path.dirname(fileURLToPath(import.meta.url)));
