import { tableHandlers } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';
import { ParametersScreen } from './parameters-screen';

const meta = {
  title: 'Parameters/ParametersScreen',
  component: ParametersScreen,
  args: { table: 'pais', operation: 'status', canWrite: true },
  beforeEach: ({ msw }) => msw.use(...tableHandlers.loaded()),
} satisfies Meta<typeof ParametersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Status shows the table view (StatusView has the stories of its states). */
export const Status: Story = {
  play: async () => {
    await expect(await screen.findByText('2 de 2 registros')).toBeVisible();
    await expect(await screen.findAllByText('Ana Quispe')).not.toHaveLength(0);
  },
};
export const Insert: Story = { args: { table: 'empresa', operation: 'insert' } };
/** A `user` asked for a write operation anyway (by URL): a clear read-only message. */
export const ReadOnlyRole: Story = { args: { table: 'empresa', operation: 'insert', canWrite: false } };
export const ReadOnlyRoleEnglish: Story = { ...ReadOnlyRole, globals: { language: 'en' } };
/** A `user` on a table's massive import (by URL): nothing to fill in, the same read-only message. */
export const ReadOnlyRoleMassive: Story = {
  args: { table: 'umbral', operation: 'massive', canWrite: false },
  play: async () => {
    await expect(await screen.findByText('Solo lectura')).toBeVisible();
    await expect(screen.queryByRole('table', { name: /^Filas para crear en/ })).toBeNull();
    await expect(screen.queryByRole('button', { name: 'GUARDAR TODO' })).toBeNull();
  },
};

/**
 * Issue 32: a user whose grant reaches no company at gestion, on a company table's status: the rows
 * are shown, and a note says which level writing them needs.
 */
export const StatusNeedsManage: Story = {
  args: { canWrite: false, writeRefusal: { kind: 'level', level: 'gestion' } },
  play: async () => {
    await expect(
      await screen.findByText('Crear o cambiar estos datos requiere el nivel Gestión en la empresa; su acceso no lo tiene en ninguna. Pídalo a un administrador.'),
    ).toBeVisible();
    await expect(await screen.findByText('2 de 2 registros')).toBeVisible();
  },
};
export const StatusNeedsManageEnglish: Story = {
  ...StatusNeedsManage,
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByText(/^Creating or changing this data needs the Manage level in the company/)).toBeVisible();
  },
};
/** A table only a platform admin writes (countries, catalogues, people), seen by a manager. */
export const StatusAdminOnly: Story = {
  args: { canWrite: false, writeRefusal: { kind: 'adminOnly' } },
  play: async () => {
    await expect(await screen.findByText('Solo un administrador de la plataforma crea o cambia estos datos: su acceso permite consultarlos.')).toBeVisible();
  },
};
/** An operator without the level operacion anywhere, asked for the thresholds' massive load by URL. */
export const MassiveNeedsOperate: Story = {
  args: { table: 'umbral', operation: 'massive', canWrite: false, writeRefusal: { kind: 'level', level: 'operacion' } },
  play: async () => {
    await expect(
      await screen.findByText('Ajustar umbrales requiere el nivel Operación o Gestión en la empresa; su acceso no lo tiene en ninguna. Pídalo a un administrador.'),
    ).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'GUARDAR TODO' })).toBeNull();
  },
};

/**
 * A user who is no admin, before their grants are read: nothing is offered and nothing is said (a
 * manager must not be told, even for a moment, that they lack the level Gestión).
 */
export const StatusGrantsLoading: Story = {
  args: { canWrite: false, writeRefusal: { kind: 'unknown' } },
  play: async () => {
    await expect(await screen.findByText('2 de 2 registros')).toBeVisible();
    await expect(screen.queryByRole('alert')).toBeNull();
    await expect(screen.queryByText(/requiere el nivel|Solo un administrador|Tu rol permite/)).toBeNull();
  },
};
/**
 * The same user asked for a write operation by URL before their grants are read: neither the form
 * nor a refusal (the console's access gate shows the grants loading around it).
 */
export const InsertGrantsLoading: Story = {
  args: { table: 'empresa', operation: 'insert', canWrite: false, writeRefusal: { kind: 'unknown' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent(/^$/);
    await expect(screen.queryByText('Solo lectura')).toBeNull();
  },
};

/**
 * Issue 32: a manager on the users' table: a user opens for the grants editor, and the note says
 * so, since the users themselves stay an admin's.
 */
export const StatusManagesGrants: Story = {
  args: { table: 'usuario', canWrite: true, writeRefusal: { kind: 'adminOnly' }, onOperationChange: () => undefined },
  play: async () => {
    await expect(
      await screen.findByText('Solo un administrador de la plataforma crea o cambia usuarios. Usted concede acceso a las empresas que gestiona: elija un usuario para cambiar sus empresas concedidas.'),
    ).toBeVisible();
  },
};
export const StatusManagesGrantsEnglish: Story = {
  ...StatusManagesGrants,
  globals: { language: 'en' },
  play: async () => {
    await expect(await screen.findByText(/^Only a platform administrator creates or changes users\. You grant access to the companies you manage/)).toBeVisible();
  },
};
