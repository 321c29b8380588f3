import type { Meta, StoryObj } from '@storybook/react-vite';
import { Activity, Bell, Mail } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { StatusCard } from '../status-card/status-card';
import { AuxSidebar } from './aux-sidebar';
import { MainSidebar } from './main-sidebar';
import { NavDrawer } from './nav-drawer';

const meta = {
  title: 'UI/NavDrawer',
  component: NavDrawer,
  args: {
    open: true,
    onOpenChange: fn(),
    children: (
      <>
        <MainSidebar
          activeSection="reportes"
          onSelect={fn()}
          expanded
          inDrawer
          status={<StatusCard connection="live" activeTime="1 h 05 min" sensors={60} activeAlerts={128} />}
        />
        <AuxSidebar
          label="Menú de reportes"
          groups={[
            {
              id: 'reportes',
              items: [
                { id: 'dashboard', label: 'DASHBOARD', icon: <Activity size={18} /> },
                { id: 'alertas', label: 'ALERTAS', icon: <Bell size={18} /> },
                { id: 'mensajes', label: 'MENSAJES', icon: <Mail size={18} /> },
              ],
            },
          ]}
          activeId="alertas"
          onSelect={fn()}
          expanded
          inDrawer
          accent="section.reports"
        />
      </>
    ),
  },
  argTypes: { children: { control: false } },
  globals: { viewport: { value: 'phone' } },
} satisfies Meta<typeof NavDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open on a phone: the main menu, the status and the section's menu, stacked, labels shown. */
export const Open: Story = {
  play: async () => {
    const drawer = await screen.findByRole('dialog', { name: /^(Menú|Menu)$/ });
    await expect(within(drawer).getByRole('navigation', { name: /^(Menú principal|Main menu)$/ })).toBeVisible();
    await expect(within(drawer).getByRole('button', { name: 'ALERTAS' })).toHaveAttribute('aria-current', 'page');
  },
};
export const OpenEnglish: Story = { ...Open, globals: { viewport: { value: 'phone' }, language: 'en' } };
/** Escape asks to close; the shell owns the state. */
export const ClosesOnEscape: Story = {
  play: async ({ args }) => {
    await screen.findByRole('dialog', { name: /^(Menú|Menu)$/ });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};
/** Closed, nothing of it is in the page. */
export const Closed: Story = {
  args: { open: false },
  play: async () => {
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};
