import { Button, HStack } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { WRITES_LOCKED_REASON } from '../testing/writes-locked';
import { useWriteLock, WriteLockProvider, WriteLockReason } from './write-lock';

/** A button that writes, as every screen draws one: disabled while locked, the reason beside it. */
function SaveButton() {
  const writeLock = useWriteLock();
  return (
    <HStack gap="3" wrap="wrap">
      <Button colorPalette="orange" disabled={writeLock.locked} {...writeLock.describe}>
        {/* A sample label: the screens give their own from the dictionaries. */}
        OK
      </Button>
      <WriteLockReason lock={writeLock} />
    </HStack>
  );
}

const meta = {
  title: 'UI/WriteLock',
  component: WriteLockProvider,
  args: { offline: true, children: <SaveButton /> },
} satisfies Meta<typeof WriteLockProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Offline: the button is disabled and says why, as its description and beside it. */
export const Locked: Story = {
  play: async () => {
    const button = screen.getByRole('button', { name: 'OK' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(WRITES_LOCKED_REASON);
  },
};
export const LockedEnglish: Story = { ...Locked, globals: { language: 'en' } };

/** Online: nothing is locked and nothing is said. */
export const Unlocked: Story = {
  args: { offline: false },
  play: async () => {
    await expect(screen.getByRole('button', { name: 'OK' })).toBeEnabled();
    await expect(screen.queryByText(WRITES_LOCKED_REASON)).toBeNull();
  },
};
