import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate } from './pglite-template';

/** Vitest's global setup: the run's PGlite template, made before the first test file and removed after the last. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await preparePgliteTemplate();
  project.provide('pgliteTemplate', template.directory);
  return template.remove;
}
