import { Button, Stack, Text } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { UnsavedChangesProvider, useUnsavedChanges } from './unsaved-changes-context';
import { UnsavedChangesModal } from './unsaved-changes-modal';

const meta = {
  title: 'UI/UnsavedChangesModal',
  component: UnsavedChangesModal,
  args: { open: true, type: 'parameter', target: 'empresa', onConfirm: fn(), onCancel: fn() },
  // The dialog renders in a portal: look for it on the whole screen, and wait until focus is inside.
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: /CANCELAR|CANCEL/ })).toHaveFocus());
  },
} satisfies Meta<typeof UnsavedChangesModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Parameter: Story = {};
export const ParameterEnglish: Story = { globals: { language: 'en' } };
export const SubtabStatus: Story = { args: { type: 'subtab', target: 'status' } };
export const SubtabInsert: Story = { args: { type: 'subtab', target: 'insert' } };
export const SubtabUpdate: Story = { args: { type: 'subtab', target: 'update' } };
export const SubtabMassive: Story = { args: { type: 'subtab', target: 'massive' } };
export const SubtabEnglish: Story = { args: { type: 'subtab', target: 'update' }, globals: { language: 'en' } };

/** A form that reports unsaved data, and a switch that asks before leaving, as the shell does. */
function GuardedSwitch() {
  const { isDirty, setDirty, confirmLeave } = useUnsavedChanges();
  const [table, setTable] = useState('pais');
  return (
    <Stack p="6" gap="3" align="flex-start">
      <Text>
        {table} · {isDirty ? 'dirty' : 'clean'}
      </Text>
      <Button variant="outline" onClick={() => setDirty(true)}>
        edit
      </Button>
      <Button
        onClick={() => {
          void confirmLeave('parameter', 'fundo').then((leave) => leave && setTable('fundo'));
        }}
      >
        fundo
      </Button>
    </Stack>
  );
}

/** The provider asks only once the screen reports unsaved data. */
export const GuardedByProvider: Story = {
  render: () => (
    <UnsavedChangesProvider>
      <GuardedSwitch />
    </UnsavedChangesProvider>
  ),
  play: async ({ userEvent }) => {
    await userEvent.click(screen.getByRole('button', { name: 'edit' }));
    await userEvent.click(screen.getByRole('button', { name: 'fundo' }));
    await expect(await screen.findByRole('alertdialog')).toHaveTextContent(/«fundo»|“fundo”/);
  },
};
