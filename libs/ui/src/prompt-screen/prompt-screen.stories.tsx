import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from '@camposense/i18n';
import { PromptScreen } from './prompt-screen';

const PROMPTS = ['nav.chooseOption', 'nav.chooseSubtab'] as const;

interface PromptDemoProps {
  /** The dictionary key of the prompt, so both languages show the real text. */
  messageKey: (typeof PROMPTS)[number];
}

/** PromptScreen with its message from the dictionaries, chosen from the Controls panel. */
function PromptDemo({ messageKey }: PromptDemoProps) {
  const { t } = useTranslation();
  return <PromptScreen message={t(messageKey)} />;
}

const meta = {
  title: 'UI/PromptScreen',
  component: PromptDemo,
  args: { messageKey: 'nav.chooseOption' },
  argTypes: { messageKey: { control: 'radio', options: PROMPTS } },
} satisfies Meta<typeof PromptDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The parameters tab before a table is chosen. */
export const ChooseOption: Story = { args: { messageKey: 'nav.chooseOption' } };
/** The reports tab before a sub-tab is chosen. */
export const ChooseSubtab: Story = { args: { messageKey: 'nav.chooseSubtab' } };
export const ChooseSubtabEnglish: Story = { ...ChooseSubtab, globals: { language: 'en' } };
