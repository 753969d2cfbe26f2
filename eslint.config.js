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
 * Which API folders may import which, resolved as real paths (so `../other/store.ts` is caught too):
 * features -> services -> http/db: http and services never import a feature, and a feature never
 * imports another feature's store or router (its service is the way in).
 */
function importZones(root) {
  const apiFeatures = featuresIn(root, `${API}/features`);
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
  ];
}

/**
 * The web app's layers, top to bottom (docs/ARCHITECTURE.md, "Web"):
 * main.tsx and app/ (router, layout) -> pages/ -> features/ -> components/ and session/ -> api/ -> lib/.
 * Each folder imports only folders below it, and features never import each other.
 */
function webZones(root) {
  const webFeatures = featuresIn(root, `${WEB}/features`);
  const web = (...dirs) => dirs.map((dir) => `./${WEB}/${dir}`);
  return [
    {
      target: web('lib', 'api', 'session', 'components', 'features', 'pages'),
      from: web('app'),
      message: 'app/ is the top (router, layout): only main.tsx and prerender.tsx import it. Move the shared piece to lib/ or components/.',
    },
    { target: web('lib'), from: web('api', 'session', 'components', 'features', 'pages'), message: 'lib/ is the bottom: it imports nothing of the app.' },
    {
      target: web('api'),
      from: web('session', 'components', 'features', 'pages'),
      message: 'api/ never imports session/ (the token is in lib/session-token.ts) nor anything above it.',
    },
    { target: web('session'), from: web('components', 'features', 'pages'), message: 'session/ is built on api/ and lib/ only.' },
    { target: web('components'), from: web('features', 'pages'), message: 'components/ are shared: they never import a feature or a page.' },
    { target: web('features'), from: web('pages'), message: 'Features never import a page; the page composes the features.' },
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
 * Reads and writes go through the hooks of a feature's api/ folder, which name what each write
 * reloads; components and pages never call the generic hooks themselves.
 */
const CALL_HOOKS_ONLY_IN_FEATURE_API = {
  regex: '(^|/)api/call-query(\\.ts)?$',
  importNames: ['useCallMutation', 'useCallQuery', 'callQueryOptions'],
  message: "Use (or add) a hook in the feature's api/ folder, which says what the write reloads.",
};

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

/** The contracts' entries that build zod schemas as they load, and why the API's code imports only types from them. */
const CONTRACTS_WITH_SCHEMAS = ['@club/contracts', '@club/contracts/registry'];
const SCHEMAS_WHEN_NEEDED =
  "Import values from '@club/contracts/plain' (types may come from here): loading this builds every call's schemas, which the server leaves to the first call (apps/api/src/http/call-contracts.ts) and the web app to a form's first check (apps/web/src/components/contract-check.ts).";

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
    // A public script of the web app, served as it is: a plain browser script.
    { files: ['apps/web/public/after-paint.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
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
    // The web app's own layers replace the zones above for its files.
    {
      files: [`${WEB}/**/*.{ts,tsx}`],
      rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones(root) }] },
    },
    {
      files: [`${WEB}/components/**/*.{ts,tsx}`, `${WEB}/pages/**/*.{ts,tsx}`, `${WEB}/features/**/*.{ts,tsx}`],
      ignores: [`${WEB}/features/*/api/**`],
      rules: { 'no-restricted-imports': ['error', { patterns: [CALL_HOOKS_ONLY_IN_FEATURE_API] }] },
    },
    // Page addresses have one home, the contracts' paths.ts; the API's own code never spells one.
    {
      files: [`${API}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-syntax': ['error', ...pageAddressSelectors(root)] },
    },
    // Values come from the contracts' zod-free part; types from anywhere. The schemas load when
    // first needed: the server's on the first call (http/call-contracts.ts), the web app's with a
    // form's first check (components/contract-check.ts), both by a dynamic import.
    {
      files: [`${API}/**/*.ts`, `${WEB}/**/*.{ts,tsx}`],
      ignores: ['**/*.test.ts', '**/*.test.tsx'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          { paths: CONTRACTS_WITH_SCHEMAS.map((name) => ({ name, message: SCHEMAS_WHEN_NEEDED, allowTypeImports: true })) },
        ],
      },
    },
    {
      files: ['**/*.test.ts', '**/*.test.tsx', '**/e2e/**', 'scripts/**', '**/scripts/**', '**/build.mjs'],
      rules: { 'no-console': 'off' },
    },
  );
}

export default createConfig(path.dirname(fileURLToPath(import.meta.url)));
