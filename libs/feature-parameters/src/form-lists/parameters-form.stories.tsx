import { Input } from '@chakra-ui/react';
import { FormField } from '@camposense/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { FormFooter } from './form-footer';
import { FormHeading, ParametersForm } from './parameters-form';

const fields = (
  <FormField label="Usuario" required>
    <Input name="usuario" />
  </FormField>
);
const footer = <FormFooter failure={null} busy={false} submitLabel="ASIGNAR" busyLabel="ASIGNANDO..." />;

const meta = {
  title: 'Parameters/ParametersForm',
  component: ParametersForm,
  args: {
    label: 'Asignar perfiles',
    onSubmit: fn(async () => undefined),
    children: (
      <>
        <FormHeading title="Asignar perfiles" intro="Marque usuarios y perfiles: cada usuario marcado recibe cada perfil marcado." />
        {fields}
        {footer}
      </>
    ),
  },
} satisfies Meta<typeof ParametersForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The title and intro above the fields, the form named by its title. */
export const Idle: Story = {
  play: async () => {
    await expect(screen.getByRole('form', { name: 'Asignar perfiles' })).toBeVisible();
    await expect(screen.getByRole('heading', { level: 2, name: 'Asignar perfiles' })).toBeVisible();
    await expect(screen.getByText(/cada usuario marcado/)).toBeVisible();
  },
};

/** A required field left empty does not stop the submit in the browser: the form's own check runs instead. */
export const SubmittedEmpty: Story = {
  play: async ({ args }) => {
    await userEvent.click(screen.getByRole('button', { name: 'ASIGNAR' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

/** On a wide form the intro keeps to its measure. */
export const NarrowIntro: Story = {
  args: {
    children: (
      <>
        <FormHeading
          title="Umbrales masivos"
          intro="Elija un fundo y una entidad: cada métrica de sus sondas aparece en la grilla, con una banda que se llena una vez y se aplica a toda la columna."
          introMaxW="20rem"
        />
        {fields}
        {footer}
      </>
    ),
  },
  play: async () => {
    await expect(screen.getByRole('heading', { level: 2, name: 'Umbrales masivos' })).toBeVisible();
  },
};
