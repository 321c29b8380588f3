import { umbralMassiveHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { withParametersApi, withParametersShell } from '../testing/story-shell';
import { UmbralMassiveForm } from '../umbral-massive/umbral-massive-form';
import { MassiveTabs } from './massive-tabs';

const meta = {
  title: 'Parameters/MassiveTabs',
  component: MassiveTabs,
  args: { table: 'umbral', formLabel: 'Por fundo y entidad', form: <UmbralMassiveForm /> },
  argTypes: { form: { control: false } },
  decorators: [withParametersShell],
  beforeEach: (context) => withParametersApi(...umbralMassiveHandlers.working())(context),
} satisfies Meta<typeof MassiveTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

const formTab = () => screen.getByRole('tab', { name: 'Por fundo y entidad' });
const csvTab = () => screen.getByRole('tab', { name: 'Importar CSV' });

/** The table's own form first; the CSV import waits in the tab beside. */
export const FormFirst: Story = {
  play: async () => {
    await screen.findByRole('heading', { name: 'Umbrales por fundo y entidad' });
    await expect(formTab()).toHaveAttribute('aria-selected', 'true');
    await expect(screen.getByRole('tablist', { name: 'Modo de carga masiva' })).toBeVisible();
  },
};

/** The CSV import of the table, as every massive sub-tab has it. */
export const CsvImport: Story = {
  play: async () => {
    await screen.findByRole('heading', { name: 'Umbrales por fundo y entidad' });
    await userEvent.click(csvTab());
    await expect(await screen.findByRole('button', { name: 'SUBIR ARCHIVO CSV' })).toBeVisible();
    await expect(screen.queryByRole('heading', { name: 'Umbrales por fundo y entidad' })).toBeNull();
  },
};

/** Leaving a form with unsaved rows for the other tab asks first; CANCELAR keeps the work. */
export const AsksBeforeLeaving: Story = {
  play: async () => {
    const fundo = await screen.findByRole('combobox', { name: /^Fundo/ });
    await userEvent.click(fundo);
    await userEvent.click(await screen.findByRole('option', { name: 'Fundo San José' }));
    const entidad = screen.getByRole('combobox', { name: /^Entidad/ });
    await waitFor(() => expect(entidad).toBeEnabled());
    await userEvent.click(entidad);
    await userEvent.click(await screen.findByRole('option', { name: 'Palto' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Mínimo de Temperatura, NODO-SJO-02 · Sonda suelo 20 cm' }), '10');
    await userEvent.click(csvTab());
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('«Importar CSV»');
    await userEvent.click(screen.getByRole('button', { name: 'CANCELAR' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(formTab()).toHaveAttribute('aria-selected', 'true');
    await expect(screen.getByRole('textbox', { name: 'Mínimo de Temperatura, NODO-SJO-02 · Sonda suelo 20 cm' })).toHaveValue('10');
  },
};

export const English: Story = {
  globals: { language: 'en' },
  args: { formLabel: 'By farm and entity' },
  play: async () => {
    await screen.findByRole('heading', { name: 'Thresholds by farm and entity' });
    await expect(screen.getByRole('tab', { name: 'Import CSV' })).toBeVisible();
    await expect(screen.getByRole('tablist', { name: 'Bulk entry mode' })).toBeVisible();
  },
};
