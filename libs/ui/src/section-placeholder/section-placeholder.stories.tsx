import type { Meta, StoryObj } from '@storybook/react-vite';
import { Table2 } from 'lucide-react';
import { SectionPlaceholder } from './section-placeholder';

const meta = {
  title: 'UI/SectionPlaceholder',
  component: SectionPlaceholder,
  argTypes: {
    icon: { control: false },
    accent: { control: 'select', options: ['brand.fg', 'section.reports', 'section.parameters', 'section.thresholds'] },
  },
  args: { icon: <Table2 size={26} />, title: 'Empresa · Crear', description: 'Pantalla en desarrollo', accent: 'section.parameters' },
} satisfies Meta<typeof SectionPlaceholder>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Parameters: Story = {};
export const Thresholds: Story = { args: { title: 'Umbrales de alerta', accent: 'section.thresholds' } };
