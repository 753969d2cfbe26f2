import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { makeDemoDataTemplate } from './harness.ts';

/**
 * Fills one DATA_DIR with demo data before the journeys start, with a session of each demo
 * account in it; each file copies it and hands those sessions out (harness.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await makeDemoDataTemplate();
  project.provide('demoDataTemplate', template.dataDir);
  project.provide('demoSessions', template.sessions);
  return async () => {
    await rm(template.dataDir, { recursive: true, force: true });
  };
}
