import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { makeDemoDataTemplate } from './harness.ts';

/** Fills one DATA_DIR with demo data before the journeys start; each file copies it (harness.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await makeDemoDataTemplate();
  project.provide('demoDataTemplate', template);
  return async () => {
    await rm(template, { recursive: true, force: true });
  };
}
