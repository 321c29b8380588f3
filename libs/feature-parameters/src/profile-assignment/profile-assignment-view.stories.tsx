import { profileAssignmentHandlers } from '@camposense/data-access/testing';
import { toastShown } from '@camposense/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ParametersScreen } from '../parameters-screen/parameters-screen';
import { withParametersApi, withParametersShell, withSwitchTo } from '../testing/story-shell';
import { ProfileAssignmentView } from './profile-assignment-view';

const withSwitch = withSwitchTo('Estado');

const meta = {
  title: 'Parameters/ProfileAssignmentView',
  component: ProfileAssignmentView,
  decorators: [withParametersShell],
  // A fresh fixture state per story: an assignment saved in one story is not seen by the next.
  beforeEach: (context) => withParametersApi(...profileAssignmentHandlers.working())(context),
} satisfies Meta<typeof ProfileAssignmentView>;

export default meta;
type Story = StoryObj<typeof meta>;

const form = () => screen.findByRole('form', { name: /^(Asignar perfiles a usuarios|Assign profiles to users)$/ });
const users = () => screen.getByRole('group', { name: /^(Usuarios sin perfil|Users without a profile)$/ });
const profiles = () => screen.getByRole('group', { name: /^(Perfiles disponibles|Available profiles)$/ });

async function tick(group: HTMLElement, name: RegExp) {
  await userEvent.click(within(group).getByRole('checkbox', { name }));
}

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...profileAssignmentHandlers.loading()),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...profileAssignmentHandlers.error()),
  play: async () => {
    await expect(await screen.findByText('Error al cargar los registros de Perfil por usuario')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

/** Nothing to give: every user has a profile, no profile exists, nothing is assigned. */
export const Empty: Story = {
  beforeEach: withParametersApi(...profileAssignmentHandlers.working({ usuarios: [], perfiles: [], pairs: [] })),
  play: async () => {
    await form();
    await expect(screen.getByText('Todos los usuarios tienen un perfil asignado')).toBeVisible();
    await expect(screen.getByText('No hay perfiles activos')).toBeVisible();
    await expect(screen.getByText('Aún no hay perfiles asignados')).toBeVisible();
  },
};

/** The lists as they open: Ana already has a profile, so only Jorge, Luis and María are offered. */
export const Loaded: Story = {
  play: async () => {
    await form();
    await expect(within(users()).getAllByRole('checkbox')).toHaveLength(3);
    await expect(within(users()).queryByRole('checkbox', { name: /Ana Quispe/ })).toBeNull();
    await expect(within(profiles()).getByRole('checkbox', { name: '2 - Jefe de fundo' })).toBeVisible();
    await expect(screen.getByRole('table', { name: 'Asignaciones actuales' })).toHaveTextContent('Ana Quispe1 - Gerente');
  },
};

/** A search narrows the list (accents ignored); ticked users and a profile, counted under each list. */
export const Filled: Story = {
  play: async () => {
    await form();
    await userEvent.type(screen.getByRole('textbox', { name: 'Buscar en Usuarios sin perfil' }), 'maria');
    await waitFor(() => expect(within(users()).getAllByRole('checkbox')).toHaveLength(1));
    await tick(users(), /María Torres/);
    await tick(profiles(), /Operador de campo/);
    await expect(within(users()).getByRole('checkbox', { name: /María Torres/ })).toBeChecked();
    await expect(screen.getAllByText('1 elegido')).toHaveLength(2);
  },
};

/** Keyboard only: Tab to a checkbox, Space ticks it. */
export const Keyboard: Story = {
  play: async () => {
    await form();
    const search = screen.getByRole('textbox', { name: 'Buscar en Usuarios sin perfil' });
    search.focus();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await expect(within(users()).getByRole('checkbox', { name: /Jorge Salas/ })).toBeChecked();
  },
};

/** ASIGNAR with nothing ticked: each list says what is missing. */
export const ValidationErrors: Story = {
  play: async () => {
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'ASIGNAR' }));
    await expect(await screen.findByText('Elija al menos un usuario')).toBeVisible();
    await expect(screen.getByText('Elija al menos un perfil')).toBeVisible();
  },
};

/** 409: a chosen profile was deleted meanwhile; nothing is written and the reason is shown. */
export const ServerConflict: Story = {
  beforeEach: withParametersApi(...profileAssignmentHandlers.conflict()),
  play: async () => {
    await form();
    await tick(users(), /Luis Rojas/);
    await tick(profiles(), /Gerente/);
    await userEvent.click(screen.getByRole('button', { name: 'ASIGNAR' }));
    await expect(await screen.findByText('Lo elegido en Perfil ya no existe. Actualice la lista y elija otro.')).toBeVisible();
  },
};

export const Busy: Story = {
  beforeEach: withParametersApi(...profileAssignmentHandlers.pending()),
  play: async () => {
    await form();
    await tick(users(), /Luis Rojas/);
    await tick(profiles(), /Gerente/);
    await userEvent.click(screen.getByRole('button', { name: 'ASIGNAR' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /ASIGNANDO/ })).toBeDisabled());
  },
};

/** Two users get one profile: a toast, the lists cleared, the pairs listed below and the users no longer offered. */
export const Saved: Story = {
  play: async () => {
    await form();
    await tick(users(), /Luis Rojas/);
    await tick(users(), /Jorge Salas/);
    await tick(profiles(), /Operador de campo/);
    await userEvent.click(screen.getByRole('button', { name: 'ASIGNAR' }));
    await waitFor(() => expect(toastShown('Perfiles asignados')).toBe(true), { timeout: 10_000 });
    await expect(screen.getByText('Se crearon 2 asignaciones.')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Asignaciones actuales' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    await expect(within(users()).getAllByRole('checkbox')).toHaveLength(1);
  },
};

/** The remove button of a pair: the pair goes and its user is offered again. */
export const Removed: Story = {
  play: async () => {
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar 1 - Gerente a Ana Quispe' }));
    await waitFor(() => expect(toastShown('Asignación quitada')).toBe(true), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByText('Aún no hay perfiles asignados')).toBeVisible());
    await expect(within(users()).getByRole('checkbox', { name: /Ana Quispe/ })).toBeVisible();
  },
};

/** Spec section 5: a ticked user makes the form dirty; switching sub-tab asks with the modal. */
export const UnsavedChanges: Story = {
  decorators: [withSwitch],
  play: async () => {
    await form();
    await tick(users(), /Luis Rojas/);
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('«Estado»');
  },
};

/** A `user` role on the assignment sub-tab: the parameters screen says the role only reads. */
export const ReadOnly: Story = {
  render: () => <ParametersScreen table="usuarioperfil" operation="insert" canWrite={false} />,
  play: async () => {
    await expect(await screen.findByText('Solo lectura')).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'ASIGNAR' })).toBeNull();
  },
};

export const LoadedEnglish: Story = {
  globals: { language: 'en' },
  play: async () => {
    await form();
    await expect(screen.getByRole('button', { name: 'ASSIGN' })).toBeVisible();
    await expect(screen.getByRole('table', { name: 'Current assignments' })).toBeVisible();
  },
};
