import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from '@camposense/i18n';
import { PromptScreen } from './prompt-screen';

const meta = { title: 'UI/PromptScreen', component: PromptScreen, args: { message: '' } } satisfies Meta<typeof PromptScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

function Prompt({ which }: { which: 'nav.chooseOption' | 'nav.chooseSubtab' }) {
  const { t } = useTranslation();
  return <PromptScreen message={t(which)} />;
}

/** The parameters tab before a table is chosen. */
export const ChooseOption: Story = { render: () => <Prompt which="nav.chooseOption" /> };
/** The reports tab before a sub-tab is chosen. */
export const ChooseSubtab: Story = { render: () => <Prompt which="nav.chooseSubtab" /> };
export const ChooseSubtabEnglish: Story = { ...ChooseSubtab, globals: { language: 'en' } };
