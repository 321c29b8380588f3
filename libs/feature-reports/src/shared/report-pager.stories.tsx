import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { DeepPageRefused, ReportPager } from './report-pager';

const meta = {
  title: 'Reports/ReportPager',
  component: ReportPager,
  args: {
    paging: { page: 23456, setPage: fn(), nextPage: fn(), previousPage: fn(), canGoPrevious: () => true },
    pagination: { totalPages: 30000, pageSize: 20, next: 'cursor-of-page-23457' },
  },
  argTypes: { paging: { control: false } },
} satisfies Meta<typeof ReportPager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Deep in a big report, reached by Next: SIGUIENTE hands the answer's cursor on, the ends are jumps by number. */
export const DeepPageByCursor: Story = {
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: /SIGUIENTE/ }));
    await expect(args.paging.nextPage).toHaveBeenCalledWith('cursor-of-page-23457');
    await userEvent.click(screen.getByRole('button', { name: 'Primera página' }));
    await expect(args.paging.setPage).toHaveBeenCalledWith(1);
  },
};

/** The page before was neither walked nor reachable by number: ANTERIOR is disabled. */
export const PreviousOutOfReach: Story = {
  args: { paging: { page: 15000, setPage: fn(), nextPage: fn(), previousPage: fn(), canGoPrevious: () => false } },
  play: async () => {
    await expect(screen.getByRole('button', { name: /ANTERIOR/ })).toBeDisabled();
  },
};

export const DeepPageByCursorEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByText('PAGE 23,456 OF 30,000')).toBeVisible();
  },
};

/** The API refused a page number as too deep: why, and the way back. */
export const JumpRefused: StoryObj<typeof DeepPageRefused> = {
  render: (args) => <DeepPageRefused {...args} />,
  args: { onBack: fn() },
  play: async ({ args }) => {
    await expect(screen.getByText('Página fuera de alcance')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Volver a la primera página' }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};

export const JumpRefusedEnglish: StoryObj<typeof DeepPageRefused> = {
  render: (args) => <DeepPageRefused {...args} />,
  args: { onBack: fn() },
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByText('Page out of reach')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Back to the first page' })).toBeVisible();
  },
};
