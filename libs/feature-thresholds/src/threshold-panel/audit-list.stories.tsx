import { thresholdChangesFixture, thresholdCriticidadesFixture, thresholdHistoryFixture } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AuditList } from './audit-list';

const meta = {
  title: 'Thresholds/AuditList',
  component: AuditList,
  args: { entries: thresholdHistoryFixture, criticidades: thresholdCriticidadesFixture, label: 'Historial' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof AuditList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One threshold's history (the side panel): who, when, each changed value old → new. */
export const OneThreshold: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Historial' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(thresholdHistoryFixture.length);
    // The times are in the display zone, named once over the list (the stories' browser: Lima).
    await expect(canvas.getByTestId('time-zone-note')).toHaveTextContent('America/Lima (GMT-5)');
  },
};

/** Nothing changed yet: no list to name a zone for. */
export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByTestId('time-zone-note')).toBeNull();
  },
};

/** The tab-wide recent changes: each entry names its threshold. */
export const RecentChanges: Story = {
  args: { entries: thresholdChangesFixture, showLabel: true, label: 'Cambios recientes' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Cambios recientes' })).toBeVisible();
  },
};

/** Without the criticality names the ids show as they are. */
export const WithoutCriticalityNames: Story = { args: { criticidades: [] } };

/**
 * Read by a reader: the API hides who changed a threshold (login and name null), which is said as
 * "otro usuario", never as the system; a change with no user at all is the system's.
 */
export const HiddenAuthor: Story = {
  args: {
    entries: [
      { ...thresholdHistoryFixture[0]!, usuario: { ...thresholdHistoryFixture[0]!.usuario!, login: null, firstname: null, lastname: null } },
      { ...thresholdHistoryFixture[1]!, usuario: null },
    ],
  },
  play: async ({ canvas }) => {
    const [hidden, system] = within(canvas.getByRole('list', { name: 'Historial' })).getAllByRole('listitem');
    await expect(hidden).toHaveTextContent(/^.*otro usuario, /);
    await expect(system).toHaveTextContent(/sistema, /);
  },
};

export const HiddenAuthorEnglish: Story = { ...HiddenAuthor, globals: { language: 'en' }, args: { ...HiddenAuthor.args, label: 'History' }, play: async ({ canvas }) => {
  const [hidden, system] = within(canvas.getByRole('list', { name: 'History' })).getAllByRole('listitem');
  await expect(hidden).toHaveTextContent(/another user, /);
  await expect(system).toHaveTextContent(/system, /);
} };

export const English: Story = { globals: { language: 'en' }, args: { label: 'History' } };
