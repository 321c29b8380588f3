import { GlobalFiltersProvider } from '@camposense/data-access';
import { adminUser, senseHandlers } from '@camposense/data-access/testing';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { NavigationProvider } from '../navigation/navigation';
import { ActiveScreen } from './active-screen';

/** The active route, as the shell's navigation would hold it at this URL. */
function at(path: string): Decorator {
  return (Story) => (
    <NavigationProvider initialPath={path} syncWithUrl={false}>
      <GlobalFiltersProvider>
        <Story />
      </GlobalFiltersProvider>
    </NavigationProvider>
  );
}

const meta = {
  title: 'Console/ActiveScreen',
  component: ActiveScreen,
  args: { user: adminUser },
  beforeEach: ({ msw }) => {
    msw.use(...senseHandlers.hierarchy(), ...senseHandlers.status());
  },
} satisfies Meta<typeof ActiveScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Welcome: Story = {
  decorators: [at('/')],
  play: async () => {
    await expect(await screen.findByText('Monitorea tus campos, nodos y sensores en tiempo real')).toBeVisible();
  },
};

export const ReportsChooseSubtab: Story = {
  decorators: [at('/reportes')],
  play: async () => {
    await expect(await screen.findByText('Selecciona una subpestaña para continuar')).toBeVisible();
  },
};

export const ParametersChooseOption: Story = {
  decorators: [at('/parameters')],
  play: async () => {
    await expect(await screen.findByText('Selecciona una opción del menú lateral para continuar')).toBeVisible();
  },
};

/** A tab the console does not know: the welcome screen without its title. */
export const UnknownTab: Story = {
  decorators: [at('/no-such-tab')],
  play: async () => {
    await expect(await screen.findByText('Monitorea tus campos, nodos y sensores en tiempo real')).toBeVisible();
    await expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  },
};

export const WelcomeEnglish: Story = {
  decorators: [at('/')],
  globals: { language: 'en' },
};
