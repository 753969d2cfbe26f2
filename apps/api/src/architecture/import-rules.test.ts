import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Builds the repository's real configuration (eslint.config.js's createConfig) for a small planted
 * tree laid out like the repo, to show that the import zones and the cycle rule report what they
 * promise, and no more.
 */
const CONFIG = fileURLToPath(new URL('../../../../eslint.config.js', import.meta.url));
type ConfigModule = { createConfig: (root: string) => Linter.Config[] };

const PLANTED: Record<string, string> = {
  'apps/api/src/features/members/store.ts': 'export const listMembers = (): string[] => [];\n',
  'apps/api/src/features/members/router.ts': 'export const mountMembersCalls = (): void => undefined;\n',
  'apps/api/src/features/members/service.ts': "import { listMembers } from './store.ts';\n\nexport const members = { list: listMembers };\n",
  // Another feature's service is the allowed way in; its store and router are not.
  'apps/api/src/features/events/service.ts': [
    "import { listMembers } from '../members/store.ts';",
    "import { mountMembersCalls } from '../members/router.ts';",
    "import { members } from '../members/service.ts';",
    '',
    'export const events = [listMembers, mountMembersCalls, members];',
    '',
  ].join('\n'),
  'apps/api/src/http/session.ts': "import { members } from '../features/members/service.ts';\n\nexport const session = members;\n",
  'apps/api/src/services/mail.ts': "import { members } from '../features/members/service.ts';\n\nexport const mail = members;\n",
  // The API's layers: lib/ imports nothing else of the API; services/ never import http/; in a
  // feature only the router and a raw route beside it speak HTTP.
  'apps/api/src/lib/file-type.ts': 'export const sniff = (): string => "pdf";\n',
  'apps/api/src/lib/tokens.ts': [
    "import { sniff } from './file-type.ts';",
    "import { mail } from '../services/mail.ts';",
    '',
    'export const tokens = [sniff, mail];',
    '',
  ].join('\n'),
  'apps/api/src/http/reply.ts': "import { sniff } from '../lib/file-type.ts';\n\nexport const reply = sniff;\n",
  'apps/api/src/services/sessions.ts': [
    "import { sniff } from '../lib/file-type.ts';",
    "import { reply } from '../http/reply.ts';",
    '',
    'export const sessions = [sniff, reply];',
    '',
  ].join('\n'),
  'apps/api/src/features/members/rules.ts': [
    "import { sniff } from '../../lib/file-type.ts';",
    "import { reply } from '../../http/reply.ts';",
    '',
    'export const rules = [sniff, reply];',
    '',
  ].join('\n'),
  'apps/api/src/features/members/file-route.ts': "import { reply } from '../../http/reply.ts';\n\nexport const fileRoute = reply;\n",
  // Page addresses have one home (the contracts' paths.ts); the API's code never spells one, its tests may.
  'packages/contracts/src/paths.ts': "export const PATHS = {\n  reset: '/reset/:resetGuid',\n  forum: '/forum/:threadId?',\n} as const;\n",
  'apps/api/src/features/members/links.ts': [
    'const baseUrl = "https://club.example";',
    'export const resetLink = (token: string): string => `${baseUrl}/reset/${token}`;',
    "export const forum = '/forum';",
    "export const upload = '/uploads/forum/1.jpg';",
    "export const api = '/api/forum.get.php';",
    '',
  ].join('\n'),
  'apps/api/src/features/members/links.test.ts': "export const expected = '/reset/abc';\n",
  // The API's code takes values from the contracts' zod-free part; loading the rest builds every schema.
  'apps/api/src/features/members/call-names.ts': [
    "import type { CallInput, CallName } from '@club/contracts';",
    "import { CALLS, hasPermission } from '@club/contracts/plain';",
    "import { registry } from '@club/contracts';",
    "import { type Registry, CALL_NAMES } from '@club/contracts/registry';",
    '',
    'export const names = [CALLS, hasPermission, registry, CALL_NAMES] as unknown as CallInput<CallName> & Registry;',
    '',
  ].join('\n'),
  'apps/api/src/features/members/call-names.test.ts': "import { registry } from '@club/contracts';\n\nexport const calls = registry;\n",
  'apps/web/src/features/blog/post-rules.ts':
    "import { registry } from '@club/contracts';\nimport { BLOG_PAGE_SIZE } from '@club/contracts/plain';\n\nexport const rules = [registry, BLOG_PAGE_SIZE];\n",
  // A cycle of three modules in the web app.
  'apps/web/src/lib/a.ts': "import { b } from './b.ts';\n\nexport const a = (): number => b() + 1;\n",
  'apps/web/src/lib/b.ts': "import { c } from './c.ts';\n\nexport const b = (): number => c() + 1;\n",
  'apps/web/src/lib/c.ts': "import { a } from './a.ts';\n\nexport const c = (): number => (Math.random() > 2 ? a() : 0);\n",
  // Web features that the old hand-written list left out.
  'apps/web/src/features/meetings/agenda.ts': "import { dues } from '../membership/dues.ts';\n\nexport const agenda = dues;\n",
  'apps/web/src/features/membership/dues.ts': 'export const dues = 25;\n',
  // The web app's layers: main.tsx and app/ -> pages/ -> features/ -> components/, session/ -> api/ -> lib/.
  'apps/web/src/lib/paths.ts': "import { callApi } from '../api/client.ts';\n\nexport const PATHS = { home: '/', api: callApi };\n",
  'apps/web/src/api/client.ts': "import { user } from '../session/session-provider.tsx';\n\nexport const callApi = (): string => user;\n",
  'apps/web/src/api/call-query.ts': [
    'export const useCallMutation = (name: string): string => name;',
    'export const useCallQuery = (name: string): string => name;',
    '',
  ].join('\n'),
  // session/ may use api/; not a component.
  'apps/web/src/session/session-provider.tsx': [
    "import { useCallQuery } from '../api/call-query.ts';",
    "import { Dialog } from '../components/dialog.tsx';",
    '',
    'export const user = String(useCallQuery) + String(Dialog);',
    '',
  ].join('\n'),
  'apps/web/src/components/dialog.tsx': "import { useSavePost } from '../features/blog/api/posts.ts';\n\nexport const Dialog = useSavePost;\n",
  // The feature's api/ folder may use the generic call hooks; its components may not.
  'apps/web/src/features/blog/api/posts.ts': [
    "import { useCallMutation } from '../../../api/call-query.ts';",
    '',
    "export const useSavePost = (): string => useCallMutation('blog.save');",
    '',
  ].join('\n'),
  'apps/web/src/features/blog/post-editor.tsx': [
    "import { useCallMutation } from '../../api/call-query.ts';",
    "import { RootLayout } from '../../app/layout/root-layout.tsx';",
    "import { BlogPage } from '../../pages/blog-page.tsx';",
    "import { useSavePost } from './api/posts.ts';",
    '',
    "export const PostEditor = [useCallMutation('blog.save'), RootLayout, BlogPage, useSavePost];",
    '',
  ].join('\n'),
  'apps/web/src/pages/blog-page.tsx': [
    "import { useCallQuery } from '../api/call-query.ts';",
    "import { RootLayout } from '../app/layout/root-layout.tsx';",
    "import { useSavePost } from '../features/blog/api/posts.ts';",
    '',
    "export const BlogPage = [useCallQuery('blog.get'), RootLayout, useSavePost];",
    '',
  ].join('\n'),
  'apps/web/src/app/layout/root-layout.tsx': "import { PATHS } from '../../lib/paths.ts';\n\nexport const RootLayout = PATHS;\n",
  'apps/web/src/app/router.tsx': [
    "import { BlogPage } from '../pages/blog-page.tsx';",
    "import { RootLayout } from './layout/root-layout.tsx';",
    '',
    'export const routes = [BlogPage, RootLayout];',
    '',
  ].join('\n'),
  'apps/web/src/main.tsx': "import { routes } from './app/router.tsx';\n\nexport const site = routes;\n",
};

let root: string;
let results: Map<string, string[]>;

/** The rule ids reported for one planted file, with the line of each. */
const reported = (file: string) => results.get(file) ?? [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-lint-'));
  for (const [file, text] of Object.entries(PLANTED)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  const { createConfig } = (await import(CONFIG)) as ConfigModule;
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: createConfig(root) });
  const lint = await eslint.lintFiles(Object.keys(PLANTED));
  results = new Map(
    lint.map((result) => [path.relative(root, result.filePath).split(path.sep).join('/'), result.messages.map((m) => `${m.ruleId ?? 'fatal'}:${m.line}`)]),
  );
}, 60_000);

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the import rules in eslint.config.js', () => {
  it("report a feature importing another feature's store or router, but not its service", () => {
    expect(reported('apps/api/src/features/events/service.ts')).toEqual(['import-x/no-restricted-paths:1', 'import-x/no-restricted-paths:2']);
  });

  it('report http/ and services/ importing a feature', () => {
    expect(reported('apps/api/src/http/session.ts')).toEqual(['import-x/no-restricted-paths:1']);
    expect(reported('apps/api/src/services/mail.ts')).toEqual(['import-x/no-restricted-paths:1']);
  });

  it('keep lib/ from importing the rest of the API, but not from itself', () => {
    expect(reported('apps/api/src/lib/tokens.ts')).toEqual(['import-x/no-restricted-paths:2']);
    expect(reported('apps/api/src/http/reply.ts')).toEqual([]);
  });

  it('report services/ importing http/, but not lib/', () => {
    expect(reported('apps/api/src/services/sessions.ts')).toEqual(['import-x/no-restricted-paths:2']);
  });

  it("report a feature's rules importing http/, but not its raw route or lib/", () => {
    expect(reported('apps/api/src/features/members/rules.ts')).toEqual(['import-x/no-restricted-paths:2']);
    expect(reported('apps/api/src/features/members/file-route.ts')).toEqual([]);
  });

  it('report a page address spelled in the API, but not in its tests or other addresses', () => {
    expect(reported('apps/api/src/features/members/links.ts')).toEqual(['no-restricted-syntax:2', 'no-restricted-syntax:3']);
    expect(reported('apps/api/src/features/members/links.test.ts')).toEqual([]);
  });

  it("report a value imported from the contracts' schemas in the API or the web app, but not a type, the zod-free part or a test", () => {
    expect(reported('apps/api/src/features/members/call-names.ts')).toEqual([
      '@typescript-eslint/no-restricted-imports:3',
      '@typescript-eslint/no-restricted-imports:4',
    ]);
    expect(reported('apps/api/src/features/members/call-names.test.ts')).toEqual([]);
    expect(reported('apps/web/src/features/blog/post-rules.ts')).toEqual(['@typescript-eslint/no-restricted-imports:1']);
  });

  it('let a feature import its own store', () => {
    expect(reported('apps/api/src/features/members/service.ts')).toEqual([]);
  });

  it('report an import cycle on every module in it', () => {
    expect(reported('apps/web/src/lib/a.ts')).toEqual(['import-x/no-cycle:1']);
    expect(reported('apps/web/src/lib/b.ts')).toEqual(['import-x/no-cycle:1']);
    expect(reported('apps/web/src/lib/c.ts')).toEqual(['import-x/no-cycle:1']);
  });

  it('keep web features from importing each other, by relative path too', () => {
    expect(reported('apps/web/src/features/meetings/agenda.ts')).toEqual(['import-x/no-restricted-paths:1']);
    expect(reported('apps/web/src/features/membership/dues.ts')).toEqual([]);
  });

  it('keep lib/ at the bottom of the web app', () => {
    expect(reported('apps/web/src/lib/paths.ts')).toEqual(['import-x/no-restricted-paths:1']);
  });

  it('keep api/ from importing session/, and let session/ use api/ but not a component', () => {
    expect(reported('apps/web/src/api/client.ts')).toEqual(['import-x/no-restricted-paths:1']);
    expect(reported('apps/web/src/session/session-provider.tsx')).toEqual(['import-x/no-restricted-paths:2']);
  });

  it('keep components/ from importing a feature', () => {
    expect(reported('apps/web/src/components/dialog.tsx')).toEqual(['import-x/no-restricted-paths:1']);
  });

  it('keep app/ at the top: features and pages never import it, main.tsx and the router may', () => {
    expect(reported('apps/web/src/features/blog/post-editor.tsx')).toContain('import-x/no-restricted-paths:2');
    expect(reported('apps/web/src/pages/blog-page.tsx')).toContain('import-x/no-restricted-paths:2');
    expect(reported('apps/web/src/app/router.tsx')).toEqual([]);
    expect(reported('apps/web/src/app/layout/root-layout.tsx')).toEqual([]);
    expect(reported('apps/web/src/main.tsx')).toEqual([]);
  });

  it('keep a feature from importing a page', () => {
    expect(reported('apps/web/src/features/blog/post-editor.tsx')).toContain('import-x/no-restricted-paths:3');
  });

  it("report the generic call hooks outside a feature's api/ folder, and allow them inside it", () => {
    expect(reported('apps/web/src/features/blog/post-editor.tsx')).toContain('no-restricted-imports:1');
    expect(reported('apps/web/src/pages/blog-page.tsx')).toContain('no-restricted-imports:1');
    expect(reported('apps/web/src/features/blog/api/posts.ts')).toEqual([]);
    expect(reported('apps/web/src/pages/blog-page.tsx')).not.toContain('import-x/no-restricted-paths:3');
  });

  it("zone every feature folder of this repository's web app, meetings included", async () => {
    const { createConfig } = (await import(CONFIG)) as ConfigModule;
    const repo = path.dirname(CONFIG);
    const zoned = createConfig(repo)
      .flatMap((block) => {
        const rule = block.rules?.['import-x/no-restricted-paths'];
        return Array.isArray(rule) ? (rule[1] as { zones: { target: string }[] }).zones : [];
      })
      .map((zone) => zone.target);
    const webFeatures = fs.readdirSync(path.join(repo, 'apps/web/src/features'));
    expect(webFeatures).toEqual(expect.arrayContaining(['meetings', 'newsletters']));
    for (const feature of webFeatures) expect(zoned).toContain(`./apps/web/src/features/${feature}`);
  });
});
