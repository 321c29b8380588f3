import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from '@camposense/i18n';
import { LoadingState } from './loading-state';

const meta = {
  title: 'UI/LoadingState',
  component: LoadingState,
  args: { label: 'Cargando...' },
} satisfies Meta<typeof LoadingState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The auth check's spinner: `Cargando...` over the whole page, in the toolbar's language. */
function AuthCheckSpinner() {
  const { t } = useTranslation();
  return <LoadingState label={t('app.loading')} fullScreen />;
}

export const AuthCheck: Story = {
  render: () => <AuthCheckSpinner />,
};

export const WithDetail: Story = {
  args: { label: 'Cargando...', detail: 'Alertas' },
};
