import { Button } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render } from '../testing';
import { useWriteLock, WriteLockProvider, WriteLockReason } from './write-lock';

/** A button that writes, as the screens draw one: disabled while locked, with the reason beside it. */
function SaveButton() {
  const writeLock = useWriteLock();
  return (
    <>
      <Button disabled={writeLock.locked} {...writeLock.describe}>
        Save
      </Button>
      <WriteLockReason lock={writeLock} />
    </>
  );
}

describe('write lock', () => {
  it('leaves the button enabled and says nothing while online', () => {
    render(
      <WriteLockProvider>
        <SaveButton />
      </WriteLockProvider>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('title');
    expect(button).not.toHaveAttribute('aria-describedby');
  });

  it.each([
    ['es', 'Sin conexión: no se pueden guardar cambios'],
    ['en', 'Offline: changes cannot be saved'],
  ] as const)('offline, disables the button and gives the reason in %s, as its tooltip and its description', (language, reason) => {
    render(
      <WriteLockProvider offline>
        <SaveButton />
      </WriteLockProvider>,
      { language },
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', reason);
    expect(button).toHaveAccessibleDescription(reason);
    expect(screen.getByText(reason)).toBeInTheDocument();
  });
});
