import type { TestProject } from 'vitest/node';
import { startConsole } from './server';

/** One production console (and its freshly seeded embedded database) for every journey. */
export default async function setup(project: TestProject) {
  const running = await startConsole();
  project.provide('baseUrl', running.baseUrl);
  return async () => {
    await running.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
