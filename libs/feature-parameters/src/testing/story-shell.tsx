import { tableHandlers, tableWriteHandlers } from '@camposense/data-access/testing';
import { Button } from '@chakra-ui/react';
import { dismissAllToasts, Toaster, UnsavedChangesProvider, useUnsavedChanges } from '@camposense/ui';
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import type { RequestHandler } from 'msw';
import { expect, screen } from 'storybook/test';

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

/** The shell's switch to the status sub-tab, which asks first when the view holds unsaved work. */
function SwitchToStatus({ subTab }: { subTab: string }) {
  const { confirmLeave } = useUnsavedChanges();
  const [left, setLeft] = useState(false);
  return left ? (
    <p>status</p>
  ) : (
    <Button size="sm" variant="outline" m="4" onClick={() => void confirmLeave('subtab', subTab).then(setLeft)}>
      switch
    </Button>
  );
}

/** A "switch" button above the story that leaves for the sub-tab `subTab`, as the shell's sub-tabs do. */
export function withSwitchTo(subTab: string): Decorator {
  return function WithSwitch(Story) {
    return (
      <>
        <SwitchToStatus subTab={subTab} />
        <Story />
      </>
    );
  };
}

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

/** A meta's `decorators` and `beforeEach` (spread into it): the shell above, and `withParametersApi()` without extra handlers. */
export const parametersMeta = { decorators: [withParametersShell], beforeEach: withParametersApi() };

/** The loading state of a view that reads its table's columns first: every call waits. */
export const loadingStory = {
  beforeEach: ({ msw }: StoryWorker) => msw.use(...tableHandlers.loading()),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
  },
};

/** The error state of a view over `tableName` (as the reader sees it, "País"): every call fails, retry is offered. */
export function loadErrorStory(tableName: string) {
  return {
    beforeEach: ({ msw }: StoryWorker) => msw.use(...tableHandlers.error()),
    play: async () => {
      await expect(await screen.findByText(`Error al cargar los registros de ${tableName}`)).toBeVisible();
      await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    },
  };
}
