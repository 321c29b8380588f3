import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../testing/render';
import { UnsavedChangesProvider, useReportUnsavedChanges, useUnsavedChanges } from './unsaved-changes-context';
import { UnsavedChangesModal } from './unsaved-changes-modal';

/** A form that reports dirtiness and a switch that asks before leaving, as the shell does. */
function Harness({ type, target }: { type: 'parameter' | 'subtab'; target: string }) {
  const { isDirty, setDirty, confirmLeave } = useUnsavedChanges();
  const [outcome, setOutcome] = useState('none');
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        edit
      </button>
      <button type="button" onClick={() => void confirmLeave(type, target).then((leave) => setOutcome(String(leave)))}>
        switch
      </button>
      <output aria-label="outcome">{outcome}</output>
      <output aria-label="dirty">{String(isDirty)}</output>
    </>
  );
}

function renderGuarded(type: 'parameter' | 'subtab', target: string, language: 'es' | 'en' = 'es') {
  return render(
    <UnsavedChangesProvider>
      <Harness type={type} target={target} />
    </UnsavedChangesProvider>,
    { language },
  );
}

describe('UnsavedChangesProvider', () => {
  it('lets a clean screen switch at once, without the modal', async () => {
    const { user } = renderGuarded('parameter', 'empresa');
    await user.click(screen.getByRole('button', { name: 'switch' }));
    await waitFor(() => expect(screen.getByLabelText('outcome')).toHaveTextContent('true'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks on a dirty screen and proceeds on CONTINUAR, clearing the flag', async () => {
    const { user } = renderGuarded('parameter', 'empresa');
    await user.click(screen.getByRole('button', { name: 'edit' }));
    await user.click(screen.getByRole('button', { name: 'switch' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cambios sin guardar' });
    expect(dialog).toHaveTextContent(
      'Hay datos sin guardar en el formulario actual. Si cambias a la tabla «empresa» se perderá toda la información ingresada.',
    );
    expect(screen.getByLabelText('outcome')).toHaveTextContent('none');
    await user.click(screen.getByRole('button', { name: 'CONTINUAR' }));
    await waitFor(() => expect(screen.getByLabelText('outcome')).toHaveTextContent('true'));
    expect(screen.getByLabelText('dirty')).toHaveTextContent('false');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('stays on CANCELAR and on Escape, keeping the flag', async () => {
    const { user } = renderGuarded('subtab', 'insert');
    await user.click(screen.getByRole('button', { name: 'edit' }));
    await user.click(screen.getByRole('button', { name: 'switch' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Si cambias a la pestaña «Crear» se perderá toda la información ingresada.');
    await user.click(screen.getByRole('button', { name: 'CANCELAR' }));
    await waitFor(() => expect(screen.getByLabelText('outcome')).toHaveTextContent('false'));
    expect(screen.getByLabelText('dirty')).toHaveTextContent('true');

    await user.click(screen.getByRole('button', { name: 'switch' }));
    const again = await screen.findByRole('alertdialog');
    // The dialog moves the focus inside itself just after it opens; an Escape before that is not its.
    await waitFor(() => expect(again.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('outcome')).toHaveTextContent('false');
  });

  it('clears the flag when the reporting screen goes away', async () => {
    function Form() {
      useReportUnsavedChanges(true);
      return null;
    }
    function Page() {
      const [showForm, setShowForm] = useState(true);
      const { isDirty } = useUnsavedChanges();
      return (
        <>
          {showForm ? <Form /> : null}
          <button type="button" onClick={() => setShowForm(false)}>
            close form
          </button>
          <output aria-label="dirty">{String(isDirty)}</output>
        </>
      );
    }
    const { user } = render(
      <UnsavedChangesProvider>
        <Page />
      </UnsavedChangesProvider>,
    );
    expect(screen.getByLabelText('dirty')).toHaveTextContent('true');
    await user.click(screen.getByRole('button', { name: 'close form' }));
    expect(screen.getByLabelText('dirty')).toHaveTextContent('false');
  });
});

describe('UnsavedChangesModal', () => {
  it('names the target and its buttons in English', async () => {
    const onConfirm = vi.fn();
    const { user } = render(<UnsavedChangesModal open type="subtab" target="massive" onConfirm={onConfirm} onCancel={vi.fn()} />, {
      language: 'en',
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('If you switch to the tab “Bulk” all the information entered will be lost.');
    await user.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
