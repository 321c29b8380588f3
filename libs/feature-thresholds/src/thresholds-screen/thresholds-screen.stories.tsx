import { AccessProvider, GlobalFiltersProvider } from '@camposense/data-access';
import {
  emptyThresholdScopeFixture,
  operatorUser,
  readerAccessFixture,
  thresholdHandlers,
  thresholdScopeFixture,
  userAccessFixture,
  userAccessHandlers,
} from '@camposense/data-access/testing';
import type { UserAccessResponse } from '@camposense/domain';
import { dismissAllToasts, Toaster, UnsavedChangesProvider } from '@camposense/ui';
import { toastShown } from '@camposense/ui/testing';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ThresholdsScreen } from './thresholds-screen';

/** The providers the console mounts above the screen, with the fixture's fundo chosen. */
const withShell: Decorator = (Story) => (
  <GlobalFiltersProvider initial={{ paisId: 1, empresaId: 1, fundoId: 1 }}>
    <UnsavedChangesProvider>
      <Story />
      <Toaster />
    </UnsavedChangesProvider>
  </GlobalFiltersProvider>
);

const meta = {
  title: 'Thresholds/ThresholdsScreen',
  component: ThresholdsScreen,
  decorators: [withShell],
  // The toaster is one store for the page: a toast of the story before must not show in this one.
  beforeEach: () => {
    dismissAllToasts();
    return () => dismissAllToasts();
  },
} satisfies Meta<typeof ThresholdsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const table = () => screen.findByRole('table', { name: /^(Umbrales|Thresholds)$/ });
const panel = () => screen.findByRole('region', { name: /^(Editar umbral|Umbral|Nuevo umbral)$/ });
const field = (container: HTMLElement, name: RegExp) => within(container).getByRole('textbox', { name });

async function openEditor() {
  await table();
  await userEvent.click(await screen.findByRole('button', { name: 'Editar Temperatura crítica Lote A' }));
  const region = await panel();
  // Settled: the preview counts and the chart are in.
  await within(region).findByRole('group', { name: /^Banda editada/ });
  await within(region).findByRole('img', { name: /Temperatura de NODO-SJO-01/ });
  return region;
}

export const Loading: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.scopeLoading(), ...thresholdHandlers.loaded()),
  play: async () => {
    await expect(await screen.findByText('Cargando umbrales...')).toBeVisible();
  },
};

export const Error: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.scopeError(), ...thresholdHandlers.loaded()),
  play: async () => {
    await expect(await screen.findByText('Error al cargar los umbrales')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  },
};

export const EmptyScope: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded({ scope: emptyThresholdScopeFixture })),
  play: async () => {
    await expect(await screen.findByText('Sin umbrales en el alcance')).toBeVisible();
    await expect(screen.queryByRole('table')).toBeNull();
  },
};

export const Loaded: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded()),
  play: async () => {
    const list = await table();
    await expect(within(list).getAllByText('sin umbral')).toHaveLength(2);
    await expect(within(list).getByText('Crítica · grado 1')).toBeVisible();
    await expect(within(list).getByText('Gerente Agrícola, Jefe de Fundo Perú')).toBeVisible();
    await expect(screen.getByText('5 umbrales · 2 sin umbral')).toBeVisible();
    // The edit and create buttons appear once the session's role is known.
    await expect(await screen.findByRole('button', { name: 'Crear umbral para Conductividad eléctrica de NODO-SJO-01' })).toBeVisible();
    await expect(await screen.findByRole('list', { name: 'Cambios recientes' })).toBeVisible();
    await expect(screen.queryByText(/Solo lectura/)).toBeNull();
  },
};

export const LoadedEnglish: Story = {
  ...Loaded,
  globals: { language: 'en' },
  play: async () => {
    const list = await table();
    await expect(within(list).getAllByText('no threshold')).toHaveLength(2);
    await expect(screen.getByText('5 thresholds · 2 without threshold')).toBeVisible();
    await expect(await screen.findByRole('list', { name: 'Recent changes' })).toBeVisible();
  },
};

export const Editing: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded()),
  play: async () => {
    const region = await openEditor();
    const edited = within(region).getByRole('group', { name: /^Banda editada/ });
    const before = edited.getAttribute('aria-label');
    await userEvent.clear(field(region, /^Mínimo/));
    await userEvent.type(field(region, /^Mínimo/), '18');
    // The count of the narrowed band arrives before anything is saved.
    await waitFor(() => expect(within(region).getByRole('group', { name: /^Banda editada/ }).getAttribute('aria-label')).not.toBe(before));
    await expect(within(region).getByRole('button', { name: 'Deshacer' })).toBeEnabled();
    await expect(within(region).getByRole('button', { name: 'Guardar' })).toBeEnabled();
    await expect(await within(region).findByRole('list', { name: 'Historial' })).toBeVisible();
  },
};

export const InvalidBand: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded()),
  play: async () => {
    const region = await openEditor();
    await userEvent.clear(field(region, /^Mínimo/));
    await userEvent.type(field(region, /^Mínimo/), '40');
    await expect(await within(region).findByText('El mínimo no puede ser mayor que el máximo')).toBeVisible();
    await expect(within(region).getByRole('button', { name: 'Guardar' })).toBeDisabled();
  },
};

export const PreviewLoading: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.previewLoading(), ...thresholdHandlers.loaded()),
  play: async () => {
    await table();
    await userEvent.click(await screen.findByRole('button', { name: 'Editar Temperatura crítica Lote A' }));
    const region = await panel();
    await expect(await within(region).findByText('Calculando vista previa...')).toBeVisible();
  },
};

export const Saved: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded()),
  play: async () => {
    const region = await openEditor();
    await userEvent.clear(field(region, /^Máximo/));
    await userEvent.type(field(region, /^Máximo/), '30');
    await userEvent.click(within(region).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(toastShown('Umbral guardado')).toBe(true), { timeout: 10_000 });
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Deshacer' })).toBeDisabled());
  },
};

/** Another admin saved the threshold first: the edit is refused with a plain message, the form kept. */
export const StaleWrite: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.staleWrite(), ...thresholdHandlers.loaded()),
  play: async () => {
    const region = await openEditor();
    await userEvent.clear(field(region, /^Máximo/));
    await userEvent.type(field(region, /^Máximo/), '30');
    await userEvent.click(within(region).getByRole('button', { name: 'Guardar' }));
    await expect(await within(region).findByText(/^Otra persona cambió este umbral/, {}, { timeout: 10_000 })).toBeVisible();
    await expect(field(region, /^Máximo/)).toHaveValue('30');
  },
};

export const Creating: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded()),
  play: async () => {
    await table();
    await userEvent.click(await screen.findByRole('button', { name: 'Crear umbral para Conductividad eléctrica de NODO-SJO-01' }));
    const region = await screen.findByRole('region', { name: 'Nuevo umbral' });
    await expect(field(region, /^Etiqueta/)).toHaveValue('Conductividad eléctrica NODO-SJO-01');
    await expect(within(region).getByText('Las cuentas de la vista previa aparecen cuando el umbral exista.')).toBeVisible();
    await within(region).findByRole('img', { name: /Conductividad eléctrica de NODO-SJO-01/ });
  },
};

export const ReadOnly: Story = {
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded({ rol: 'user' })),
  play: async () => {
    await table();
    await expect(await screen.findByText('Solo lectura: tu rol puede ver los umbrales, pero no cambiarlos.')).toBeVisible();
    await expect(screen.queryByRole('button', { name: /^Crear umbral/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ver Temperatura crítica Lote A' }));
    const region = await screen.findByRole('region', { name: 'Umbral' });
    await expect(field(region, /^Mínimo/)).toBeDisabled();
    await expect(within(region).queryByRole('button', { name: 'Guardar' })).toBeNull();
    await within(region).findByRole('group', { name: /^Banda editada/ });
  },
};

/** Luis signed in: the screen reads his grant (issue 32) for which companies' thresholds he may tune. */
const asOperator: Decorator = (Story) => (
  <AccessProvider user={operatorUser}>
    <Story />
  </AccessProvider>
);

/** Luis granted Agrícola Virú, the fixture's company, at the level operacion. */
const operateViruFixture: UserAccessResponse = {
  ...readerAccessFixture,
  accesos: readerAccessFixture.accesos.map((grant) => ({ ...grant, nivel: 'operacion' as const })),
};

/**
 * Granted the fixture's company to read only: every threshold shows "Ver", none can be created,
 * and the note names the company and the level tuning needs (the API would answer 403).
 */
export const ReadOnlyAccess: Story = {
  decorators: [asOperator],
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded({ rol: 'user' }), ...userAccessHandlers.own(readerAccessFixture)),
  play: async () => {
    await table();
    await expect(
      await screen.findByText(
        'Su acceso a Agrícola Virú es de solo lectura: ajustar umbrales requiere el nivel Operación o Gestión. Pídalo a un administrador.',
      ),
    ).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Ver Temperatura crítica Lote A' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: /^(Editar|Crear umbral)/ })).toBeNull();
  },
};

export const ReadOnlyAccessEnglish: Story = {
  ...ReadOnlyAccess,
  globals: { language: 'en' },
  play: async () => {
    await table();
    await expect(await screen.findByText(/^Your access to Agrícola Virú is read-only: tuning thresholds needs the Operate or Manage level/)).toBeVisible();
    await expect(screen.queryByRole('button', { name: /^(Edit|Create threshold)/ })).toBeNull();
  },
};

/** Granted the fixture's company at the level operacion: a user who is no admin tunes its thresholds. */
export const OperateAccess: Story = {
  decorators: [asOperator],
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded({ rol: 'user' }), ...userAccessHandlers.own(operateViruFixture)),
  play: async () => {
    await table();
    await expect(await screen.findByRole('button', { name: 'Editar Temperatura crítica Lote A' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Crear umbral para Conductividad eléctrica de NODO-SJO-01' })).toBeVisible();
    await expect(screen.queryByText(/solo lectura/)).toBeNull();
  },
};

/**
 * Luis's grant still on its way: every threshold is shown only, and nothing is said yet (neither
 * that he reads only nor that he may tune): the screen does not guess his level.
 */
export const GrantsLoading: Story = {
  decorators: [asOperator],
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded({ rol: 'user' }), ...userAccessHandlers.ownPending()),
  play: async () => {
    await table();
    await expect(await screen.findByRole('button', { name: 'Ver Temperatura crítica Lote A' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: /^(Editar|Crear umbral)/ })).toBeNull();
    await expect(screen.queryByRole('alert')).toBeNull();
    await expect(screen.queryByText(/solo lectura/)).toBeNull();
  },
};

/** The scope's second location under Viñedos del Maipo, which Luis operates; the first's company he only reads. */
const twoCompaniesScope = {
  ...thresholdScopeFixture,
  ubicaciones: thresholdScopeFixture.ubicaciones.map((location, index) =>
    index === 1 ? { ...location, fundoid: 3, fundo: 'Fundo Los Olivos', empresaid: 3, empresa: 'Viñedos del Maipo' } : location,
  ),
};

/** Two companies in scope at two levels: Lote B is tuned, Lote A only shown, and the note says which company reads only. */
export const SomeReadOnlyAccess: Story = {
  decorators: [asOperator],
  beforeEach: ({ msw }) => msw.use(...thresholdHandlers.loaded({ rol: 'user', scope: twoCompaniesScope }), ...userAccessHandlers.own(userAccessFixture)),
  play: async () => {
    await table();
    await expect(
      await screen.findByText(
        'Puede ajustar los umbrales de las empresas donde tiene el nivel Operación o Gestión; los de Agrícola Virú se muestran en solo lectura.',
      ),
    ).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Ver Temperatura crítica Lote A' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Editar Temperatura alta Lote B' })).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Editar Temperatura crítica Lote A' })).toBeNull();
  },
};
