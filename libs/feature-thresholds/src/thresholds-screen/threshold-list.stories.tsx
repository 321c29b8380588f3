import { thresholdScopeFixture } from '@camposense/data-access/testing';
import type { UmbralScopeLocation } from '@camposense/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ThresholdList } from './threshold-list';
import { groupRows, NO_PICKS } from './threshold-scope';

const groups = groupRows(thresholdScopeFixture, NO_PICKS);
const firstRow = groups[0]!.nodes[0]!.rows[0]!;

const meta = {
  title: 'Thresholds/ThresholdList',
  component: ThresholdList,
  args: { groups, readOnlyIn: (_location: UmbralScopeLocation) => false as boolean, selectedKey: null, onOpen: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ThresholdList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editable: Story = {
  play: async ({ canvas, args }) => {
    const table = canvas.getByRole('table', { name: 'Umbrales' });
    await expect(within(table).getAllByText('sin umbral')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Editar Temperatura crítica Lote A' }));
    await expect(args.onOpen).toHaveBeenCalledWith(firstRow);
  },
};

/** The row whose panel is open stands out. */
export const Selected: Story = {
  args: { selectedKey: firstRow.key },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('row', { selected: true })).toBeVisible();
  },
};

/** A `user` sees "Ver" and no create buttons. */
export const ReadOnly: Story = {
  args: { readOnlyIn: () => true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Ver Temperatura crítica Lote A' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Crear umbral/ })).toBeNull();
  },
};

/** A grant that tunes one company and reads another: only the second's location is shown read-only. */
export const OneLocationReadOnly: Story = {
  args: { readOnlyIn: (location) => location.ubicacionid === 12 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Editar Temperatura crítica Lote A' })).toBeVisible();
    await expect(canvas.queryAllByRole('button', { name: /^Editar .*Lote B/ })).toHaveLength(0);
    await expect(canvas.getAllByRole('button', { name: /^Ver .*Lote B/ }).length).toBeGreaterThan(0);
  },
};

export const Empty: Story = { args: { groups: [] } };

export const English: Story = {
  globals: { language: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Thresholds' })).toBeVisible();
  },
};

/**
 * The side panel is open beside a narrow list (36rem here): status and profiles are left out (the
 * panel shows them), the list scrolls inside its frame with the probe and the actions pinned.
 */
export const CompactBesidePanel: Story = {
  args: { compact: true, selectedKey: firstRow.key },
  decorators: [
    (Story) => (
      <div style={{ width: '36rem', overflow: 'auto' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: /^(Umbrales|Thresholds)$/ });
    await expect(within(table).queryByRole('columnheader', { name: /^(Se avisa a|Told)$/ })).toBeNull();
    const frame = table.parentElement!;
    frame.scrollLeft = frame.scrollWidth;
    const action = within(table).getAllByRole('button')[0]!.getBoundingClientRect();
    await expect(action.right).toBeLessThanOrEqual(frame.getBoundingClientRect().right);
  },
};
export const CompactBesidePanelEnglish: Story = { ...CompactBesidePanel, globals: { language: 'en' } };
