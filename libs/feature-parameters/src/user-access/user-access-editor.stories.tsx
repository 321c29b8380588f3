import { AccessProvider } from '@camposense/data-access';
import { operatorUser, userAccessHandlers } from '@camposense/data-access/testing';
import { toastShown } from '@camposense/ui/testing';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { parametersMeta, withParametersApi } from '../testing/story-shell';
import { UserAccessEditor } from './user-access-editor';

const meta = {
  title: 'Parameters/UserAccessEditor',
  component: UserAccessEditor,
  args: { usuarioid: 2, usuario: 'operador@camposense.dev' },
  ...parametersMeta,
  beforeEach: withParametersApi(...userAccessHandlers.working()),
} satisfies Meta<typeof UserAccessEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

const level = (empresa: string) => screen.findByRole('combobox', { name: `Nivel de acceso a ${empresa}` });
const saveButton = () => screen.getByRole('button', { name: /GUARDAR ACCESOS|GUARDANDO/ });

/** Every company with its level: Luis reads Agrícola Virú, operates Viñedos del Maipo, and has no access to Frutos del Chao. Nothing changed: save is off. */
export const Loaded: Story = {
  play: async () => {
    await expect(await level('Agrícola Virú')).toHaveValue('lectura');
    await expect(await level('Frutos del Chao')).toHaveValue('none');
    await expect(await level('Viñedos del Maipo')).toHaveValue('operacion');
    await expect(saveButton()).toBeDisabled();
  },
};

export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByRole('combobox', { name: 'Access level to Viñedos del Maipo' })).toHaveValue('operacion');
    await expect(screen.getByRole('option', { name: 'Operate', selected: true })).toBeInTheDocument();
    await expect(screen.getByRole('button', { name: 'SAVE ACCESS' })).toBeDisabled();
  },
};

/** A level changed and saved: the toast counts the companies granted, and the form starts again from what was stored. */
export const Saved: Story = {
  play: async () => {
    await userEvent.selectOptions(await level('Frutos del Chao'), 'gestion');
    await userEvent.selectOptions(await level('Agrícola Virú'), 'none');
    await expect(saveButton()).toBeEnabled();
    await userEvent.click(saveButton());
    await waitFor(() => expect(toastShown('Accesos guardados')).toBe(true), { timeout: 10_000 });
    await expect(screen.getByText('operador@camposense.dev tiene acceso a 2 empresas.')).toBeVisible();
    await waitFor(() => expect(saveButton()).toBeDisabled());
    await expect(await level('Frutos del Chao')).toHaveValue('gestion');
    await expect(await level('Agrícola Virú')).toHaveValue('none');
  },
};

/** Busy while the save is on its way: the button spins and the levels cannot change. */
export const Busy: Story = {
  beforeEach: withParametersApi(...userAccessHandlers.saving()),
  play: async () => {
    await userEvent.selectOptions(await level('Frutos del Chao'), 'lectura');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('data-loading'));
    await expect(await level('Frutos del Chao')).toBeDisabled();
  },
};

/** The save refused (a company deleted meanwhile): the reason shows and the choices stay. */
export const SaveRefused: Story = {
  beforeEach: withParametersApi(...userAccessHandlers.refused()),
  play: async () => {
    await userEvent.selectOptions(await level('Frutos del Chao'), 'lectura');
    await userEvent.click(saveButton());
    await expect(await screen.findByText('Una de las empresas ya no existe: recargue la página y vuelva a elegir.')).toBeVisible();
    await expect(await level('Frutos del Chao')).toHaveValue('lectura');
  },
};

/** A platform admin sees every company: nothing to grant. */
export const Admin: Story = {
  args: { usuarioid: 1, usuario: 'admin@camposense.dev' },
  beforeEach: withParametersApi(...userAccessHandlers.admin()),
  play: async () => {
    await expect(await screen.findByText('Un administrador ve y modifica todas las empresas: no necesita concesiones.')).toBeVisible();
    await expect(screen.queryByRole('combobox')).toBeNull();
  },
};

export const AdminEnglish: Story = {
  ...Admin,
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByText('An administrator sees and changes every company: no grants needed.')).toBeVisible();
  },
};

export const NoCompanies: Story = {
  beforeEach: withParametersApi(...userAccessHandlers.noCompanies()),
  play: async () => {
    await expect(await screen.findByText('No hay empresas registradas')).toBeVisible();
  },
};

export const Loading: Story = {
  beforeEach: withParametersApi(...userAccessHandlers.loading()),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando empresas concedidas...');
  },
};

export const Error: Story = {
  beforeEach: withParametersApi(...userAccessHandlers.error()),
  play: async () => {
    await expect(await screen.findByText(/No se pudieron cargar las empresas concedidas/)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

/** Signed in as Luis, no admin: he manages Agrícola Virú and operates Viñedos del Maipo (his own grants, read as the console reads them). */
const asManager: Decorator = (Story) => (
  <AccessProvider user={operatorUser}>
    <Story />
  </AccessProvider>
);
const managerArgs = { usuarioid: 5, usuario: 'campo@camposense.dev' };

/**
 * Issue 32: a manager edits Rosa's grants. Only the companies granted to him are listed (Frutos del
 * Chao, which Rosa operates, is not his to see); he gives any level in Agrícola Virú, which he
 * manages, while Viñedos del Maipo, where he only operates, shows Rosa's level unchanged and why.
 */
export const ManagerLoaded: Story = {
  args: managerArgs,
  decorators: [asManager],
  beforeEach: withParametersApi(...userAccessHandlers.managed()),
  play: async () => {
    const virú = await level('Agrícola Virú');
    await expect(virú).toHaveValue('none');
    await expect(Array.from((virú as HTMLSelectElement).options, (option) => option.value)).toEqual(['none', 'lectura', 'operacion', 'gestion']);
    await expect(screen.queryByRole('combobox', { name: 'Nivel de acceso a Viñedos del Maipo' })).toBeNull();
    await expect(screen.getByText('Cambiarlo requiere el nivel Gestión')).toBeVisible();
    await expect(screen.queryByText('Frutos del Chao')).toBeNull();
    await expect(screen.getByText(/En las demás no tiene el nivel Gestión: se muestran sin cambios\.$/)).toBeVisible();
    await expect(saveButton()).toBeDisabled();
  },
};

export const ManagerLoadedEnglish: Story = {
  ...ManagerLoaded,
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByRole('combobox', { name: 'Access level to Agrícola Virú' })).toHaveValue('none');
    await expect(screen.getByText('Changing it needs the Manage level')).toBeVisible();
    await expect(screen.getByText(/In the others you do not hold the Manage level: they are shown unchanged\.$/)).toBeVisible();
  },
};

/** The manager grants Agrícola Virú: the toast counts the companies of his Rosa holds, and her other grants are kept. */
export const ManagerSaved: Story = {
  ...ManagerLoaded,
  play: async () => {
    await userEvent.selectOptions(await level('Agrícola Virú'), 'lectura');
    await userEvent.click(saveButton());
    await waitFor(() => expect(toastShown('Accesos guardados')).toBe(true), { timeout: 10_000 });
    await expect(screen.getByText('campo@camposense.dev tiene acceso a 2 de sus empresas.')).toBeVisible();
    await waitFor(() => expect(saveButton()).toBeDisabled());
    await expect(await level('Agrícola Virú')).toHaveValue('lectura');
  },
};

/** Busy while the manager's save is on its way. */
export const ManagerBusy: Story = {
  ...ManagerLoaded,
  beforeEach: withParametersApi(...userAccessHandlers.managed('pending')),
  play: async () => {
    await userEvent.selectOptions(await level('Agrícola Virú'), 'operacion');
    await userEvent.click(saveButton());
    await waitFor(() => expect(saveButton()).toHaveAttribute('data-loading'));
    await expect(await level('Agrícola Virú')).toBeDisabled();
  },
};

/** The API refuses (the manager lost gestion meanwhile): the reason shows and the choice stays. */
export const ManagerRefused: Story = {
  ...ManagerLoaded,
  beforeEach: withParametersApi(...userAccessHandlers.managed('forbidden')),
  play: async () => {
    await userEvent.selectOptions(await level('Agrícola Virú'), 'gestion');
    await userEvent.click(saveButton());
    await expect(await screen.findByText('Ya no gestiona esa empresa, o no puede dar ese nivel en ella: recargue la página para ver lo que puede conceder.')).toBeVisible();
    await expect(await level('Agrícola Virú')).toHaveValue('gestion');
  },
};

export const ManagerRefusedEnglish: Story = {
  ...ManagerRefused,
  globals: { language: 'en' },
  play: async () => {
    const virú = await screen.findByRole('combobox', { name: 'Access level to Agrícola Virú' });
    await userEvent.selectOptions(virú, 'gestion');
    await userEvent.click(screen.getByRole('button', { name: /SAVE ACCESS|SAVING/ }));
    await expect(await screen.findByText(/^You no longer manage that company/)).toBeVisible();
  },
};
