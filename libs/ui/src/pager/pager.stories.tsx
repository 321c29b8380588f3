import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { Pager } from './pager';

const meta = {
  title: 'UI/Pager',
  component: Pager,
  args: { page: 1, totalPages: 12, onPageChange: fn() },
} satisfies Meta<typeof Pager>;

export default meta;
type Story = StoryObj<typeof meta>;

/** First page: ANTERIOR is disabled. */
export const FirstPage: Story = {
  play: async ({ args }) => {
    await expect(screen.getByRole('button', { name: /ANTERIOR/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /SIGUIENTE/ }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
  },
};

export const MiddlePage: Story = {
  args: { page: 6 },
  play: async () => {
    await expect(screen.getByText('PÁGINA 6 DE 12')).toBeVisible();
    await expect(screen.getByRole('button', { name: /ANTERIOR/ })).toBeEnabled();
    await expect(screen.getByRole('button', { name: /SIGUIENTE/ })).toBeEnabled();
  },
};

/** Last page: SIGUIENTE is disabled. */
export const LastPage: Story = {
  args: { page: 12 },
  play: async () => {
    await expect(screen.getByRole('button', { name: /SIGUIENTE/ })).toBeDisabled();
  },
};

export const English: Story = { args: { page: 6 }, globals: { language: 'en' } };

/**
 * A deep page of a big report, reached by following Next (the API's cursor): SIGUIENTE calls
 * onNext, not a page number the API would refuse; PRIMERA and ÚLTIMA are the jumps it always takes.
 */
export const DeepPageByCursor: Story = {
  args: { page: 23456, totalPages: 30000, showEnds: true, onNext: fn(), onPrevious: fn() },
  play: async ({ args }) => {
    await expect(screen.getByText('PÁGINA 23.456 DE 30.000')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /SIGUIENTE/ }));
    await expect(args.onNext).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /ANTERIOR/ }));
    await expect(args.onPrevious).toHaveBeenCalled();
    await expect(args.onPageChange).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Última página' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(30000);
  },
};

/** The page before is out of reach (too far from both ends, not walked): ANTERIOR is disabled and says why. */
export const PreviousUnavailable: Story = {
  args: { page: 15000, totalPages: 30000, showEnds: true, previousUnavailable: true, onNext: fn() },
  play: async () => {
    await expect(screen.getByRole('button', { name: /ANTERIOR/ })).toBeDisabled();
    await expect(screen.getByRole('button', { name: 'Primera página' })).toBeEnabled();
  },
};

export const DeepPageByCursorEnglish: Story = {
  ...DeepPageByCursor,
  globals: { language: 'en' },
  play: async () => {
    await expect(screen.getByText('PAGE 23,456 OF 30,000')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Last page' })).toBeEnabled();
  },
};

/** A phone: the page number on a row of its own, the four buttons below it, all inside the screen. */
export const PhoneWithEnds: Story = {
  args: { page: 23456, totalPages: 30000, showEnds: true, onNext: fn(), onPrevious: fn() },
  globals: { viewport: { value: 'phone' } },
  play: async () => {
    const pager = screen.getByRole('navigation');
    await expect(pager.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(pager.scrollWidth).toBeLessThanOrEqual(pager.clientWidth);
    for (const button of screen.getAllByRole('button')) await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    const label = screen.getByText('PÁGINA 23.456 DE 30.000');
    await expect(label.getBoundingClientRect().bottom).toBeLessThanOrEqual(screen.getByRole('button', { name: /SIGUIENTE/ }).getBoundingClientRect().top);
  },
};
export const PhoneWithEndsEnglish: Story = {
  args: PhoneWithEnds.args,
  globals: { viewport: { value: 'phone' }, language: 'en' },
  play: async () => {
    const pager = screen.getByRole('navigation');
    await expect(pager.scrollWidth).toBeLessThanOrEqual(pager.clientWidth);
    await expect(screen.getByText('PAGE 23,456 OF 30,000')).toBeVisible();
  },
};
