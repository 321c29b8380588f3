import { tableHandlers, tableWriteHandlers } from '@camposense/data-access/testing';
import { dismissAllToasts, Toaster, UnsavedChangesProvider } from '@camposense/ui';
import type { Decorator } from '@storybook/react-vite';
import type { RequestHandler } from 'msw';

/**
 * What every parameters story stands in: the shell's unsaved-changes guard (its modal opens when a
 * story switches away from a dirty form) and the toaster a save reports to.
 */
export const withParametersShell: Decorator = (Story) => (
  <UnsavedChangesProvider>
    <Story />
    <Toaster />
  </UnsavedChangesProvider>
);

interface StoryWorker {
  msw: { use: (...handlers: RequestHandler[]) => void };
}

/**
 * A meta's `beforeEach`: the fixture tables answer (columns, constraints, rows, labels) and the
 * writes succeed, with `extra` handlers on top; toasts of the story before are dismissed, and this
 * story's when it ends.
 */
export function withParametersApi(...extra: RequestHandler[]) {
  return ({ msw }: StoryWorker) => {
    // Handlers given first win over the defaults after them.
    msw.use(...extra, ...tableHandlers.loaded(), ...tableWriteHandlers.succeeding());
    dismissAllToasts();
    return () => dismissAllToasts();
  };
}
