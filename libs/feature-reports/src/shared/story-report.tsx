import { GlobalFiltersProvider } from '@camposense/data-access';
import type { GlobalFilters } from '@camposense/data-access';
import type { Decorator } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import type { SetupWorker } from 'msw/browser';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';

/** The sidebar's scope the console mounts above a report, all of it by default. */
export const withGlobalFilters =
  (initial?: GlobalFilters): Decorator =>
  (Story) => (
    <GlobalFiltersProvider initial={initial}>
      <Story />
    </GlobalFiltersProvider>
  );

/** The report's table has settled: rows are in and no newer page is on its way. */
export async function tableSettled(name: RegExp, { bodyRows }: { bodyRows?: number } = {}) {
  const table = await screen.findByRole('table', { name });
  // Generous: on a loaded machine (CI beside other work) a page can take seconds to render.
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'), { timeout: 10_000 });
  // Not busy also holds for a moment after a page is asked for and before its fetch starts, with the
  // last page's rows still shown: a page that must show its own rows waits for them.
  if (bodyRows !== undefined) await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(bodyRows + 1), { timeout: 10_000 });
  return table;
}

/** A day typed as a person does, then Enter: the picker reads it in the language's order. */
export async function typeDay(name: string, day: string) {
  await userEvent.click(screen.getByRole('textbox', { name }));
  await userEvent.paste(day);
  await userEvent.keyboard('{Enter}');
}

/**
 * A report's state story: its requests answered by `handlers` (asked anew for each run), then
 * `play`. Typed by what it uses, so it fits any report's `Story`; spread it into the export's own
 * object (`{ ...loadingStory(…) }`) so Storybook's indexer reads it as an args story like the rest.
 */
interface StateStory {
  beforeEach: (context: { msw: SetupWorker }) => void;
  play: () => Promise<void>;
}

const stateStory = (handlers: () => AnyHandler[], play: () => Promise<void>): StateStory => ({
  beforeEach: ({ msw }) => msw.use(...handlers()),
  play,
});

/** The request never answers: the spinner's status names what is loading. */
export const loadingStory = (handlers: () => AnyHandler[], detail: string) =>
  stateStory(handlers, async () => {
    const status = await screen.findByRole('status');
    await expect(status).toHaveTextContent('Cargando...');
    await expect(status).toHaveTextContent(detail);
  });

/** The request fails: the message and a retry, no table. */
export const errorStory = (handlers: () => AnyHandler[], message: string) =>
  stateStory(handlers, async () => {
    await expect(await screen.findByText(message)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    await expect(screen.queryByRole('table')).toBeNull();
  });

/** Nothing recorded: the empty state's title and description. */
export const emptyStory = (handlers: () => AnyHandler[], title: string, description: string) =>
  stateStory(handlers, async () => {
    await expect(await screen.findByText(title)).toBeVisible();
    await expect(screen.getByText(description)).toBeVisible();
  });

/**
 * Types the acknowledge dialog's note once the dialog holds the focus: it moves the focus inside
 * itself after opening, and on a slow machine that came mid-typing and took the rest of the keys
 * (CI saw onConfirm('V')). The note is checked whole before the story goes on.
 */
export async function typeAcknowledgeNote(dialog: HTMLElement, note: string) {
  const field = await settledAcknowledgeNote(dialog);
  await userEvent.type(field, note);
  await expect(field).toHaveValue(note);
}

/**
 * The acknowledge dialog's note field, once the dialog has taken the focus (see typeAcknowledgeNote):
 * what a story clicks, types or pastes after this stays in the field.
 */
export async function settledAcknowledgeNote(dialog: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return within(dialog).getByLabelText(/^(Nota \(opcional\)|Note \(optional\))$/);
}
