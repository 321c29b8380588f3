import { GlobalFiltersProvider } from '@camposense/data-access';
import { senseHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { ReportPlaceholder } from './report-placeholder';

const meta = {
  title: 'Reports/ReportPlaceholder',
  component: ReportPlaceholder,
  args: { tab: 'reportes-graficos' },
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.hierarchy());
  },
} satisfies Meta<typeof ReportPlaceholder>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NoFarm: Story = {
  decorators: [(Story) => <GlobalFiltersProvider><Story /></GlobalFiltersProvider>],
};

export const WithFarm: Story = {
  decorators: [(Story) => <GlobalFiltersProvider initial={{ paisId: 1, empresaId: 1, fundoId: 2 }}><Story /></GlobalFiltersProvider>],
  play: async () => {
    await expect(await screen.findByText('Santa Rosa')).toBeVisible();
  },
};
