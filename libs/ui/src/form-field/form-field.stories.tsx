import { Input } from '@chakra-ui/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormField } from './form-field';

const meta = {
  title: 'UI/FormField',
  component: FormField,
  argTypes: {
    label: { control: 'text' },
    helperText: { control: 'text' },
    error: { control: 'text' },
    children: { control: false },
  },
  args: { label: 'CORREO ELECTRÓNICO', children: null },
  decorators: [(Story) => <div style={{ padding: 24, maxWidth: 400 }}><Story /></div>],
  render: (args) => (
    <FormField {...args}>
      <Input placeholder="usuario@empresa.com" disabled={args.disabled} />
    </FormField>
  ),
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true } };
export const WithError: Story = { args: { required: true, error: 'El correo electrónico es obligatorio' } };
export const WithHelper: Story = { args: { helperText: 'El correo con el que inicias sesión' } };
export const Disabled: Story = { args: { disabled: true } };
/** In a grid's cell: the label is read to screen readers only, the error still shows. */
export const HiddenLabel: Story = { args: { hideLabel: true, error: 'Requerido' } };
