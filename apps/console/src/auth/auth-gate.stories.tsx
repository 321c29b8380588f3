import { AuthProvider, SESSION_STORAGE_KEY } from '@camposense/data-access';
import { adminUser, authHandlers, liveHandlers, senseHandlers, sessionFor } from '@camposense/data-access/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent } from 'storybook/test';
import { AuthGate } from './auth-gate';

/** A session in the browser as a previous sign-in left it, valid for an hour from now. */
function storeValidSession() {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sessionFor(adminUser, new Date(Date.now() + 3_600_000))));
}

const meta = {
  title: 'Console/AuthGate',
  component: AuthGate,
  decorators: [
    (Story) => (
      <AuthProvider>
        <Story />
      </AuthProvider>
    ),
  ],
  beforeEach: () => {
    localStorage.clear();
    return () => localStorage.clear();
  },
} satisfies Meta<typeof AuthGate>;

export default meta;
type Story = StoryObj<typeof meta>;

/** While the stored session is being checked: `Cargando...`. */
export const DeterminingSession: Story = {
  beforeEach: ({ msw }) => {
    storeValidSession();
    msw.use(authHandlers.refreshPending());
  },
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent(/Cargando|Loading/);
  },
};

export const SignedOut: Story = {
  play: async () => {
    await expect(await screen.findByRole('button', { name: /INICIAR SESIÓN|SIGN IN/ })).toBeEnabled();
  },
};

export const SignedIn: Story = {
  beforeEach: ({ msw }) => {
    storeValidSession();
    // The stream answers too: without it the console fell to "no connection" after a moment, so a
    // slow machine's screenshot showed a banner the baseline had not (a race, not a change).
    msw.use(authHandlers.refreshSucceeds(), ...senseHandlers.hierarchy(), ...senseHandlers.status(), ...liveHandlers.streaming());
  },
  play: async () => {
    await expect(await screen.findByRole('heading', { name: /BIENVENIDO|WELCOME/ })).toBeVisible();
    // Screenshot once the console is live: the header and the status card say so, no banner shows.
    await expect((await screen.findAllByText(/^(Sistema en línea|System online)$/))[0]).toBeVisible();
    await expect(screen.queryByRole('alert', { name: /^(Sin conexión|No connection)/ })).toBeNull();
  },
};

export const SignedInEnglish: Story = { ...SignedIn, globals: { language: 'en' } };

/** The login call never answers: the button says INICIANDO SESIÓN... and is disabled. */
export const SigningIn: Story = {
  beforeEach: ({ msw }) => {
    msw.use(authHandlers.loginPending());
  },
  play: async () => {
    await userEvent.type(await screen.findByLabelText(/CORREO ELECTRÓNICO|EMAIL/), 'admin@camposense.dev');
    await userEvent.type(screen.getByLabelText(/CONTRASEÑA|PASSWORD/), 'Campo#Sense2026');
    await userEvent.click(screen.getByRole('button', { name: /INICIAR SESIÓN|SIGN IN/ }));
    await expect(await screen.findByRole('button', { name: /INICIANDO SESIÓN|SIGNING IN/ })).toBeDisabled();
  },
};

export const WrongPassword: Story = {
  beforeEach: ({ msw }) => {
    msw.use(authHandlers.loginFails('Invalid credentials'));
  },
  play: async () => {
    await userEvent.type(await screen.findByLabelText(/CORREO ELECTRÓNICO|EMAIL/), 'admin@camposense.dev');
    await userEvent.type(screen.getByLabelText(/CONTRASEÑA|PASSWORD/), 'incorrecta');
    await userEvent.click(screen.getByRole('button', { name: /INICIAR SESIÓN|SIGN IN/ }));
    await expect(await screen.findByText('Invalid credentials')).toBeVisible();
  },
};

export const UnknownUser: Story = {
  beforeEach: ({ msw }) => {
    msw.use(authHandlers.loginFails('Usuario no encontrado'));
  },
  play: async () => {
    await userEvent.type(await screen.findByLabelText(/CORREO ELECTRÓNICO|EMAIL/), 'nadie@camposense.dev');
    await userEvent.type(screen.getByLabelText(/CONTRASEÑA|PASSWORD/), 'cualquiera1');
    await userEvent.click(screen.getByRole('button', { name: /INICIAR SESIÓN|SIGN IN/ }));
    await expect(await screen.findByText('Usuario no encontrado')).toBeVisible();
  },
};

/** The server fails unexpectedly: the spec's unexpected sign-in error. */
export const ServerFailure: Story = {
  beforeEach: ({ msw }) => {
    msw.use(authHandlers.loginServerError());
  },
  play: async () => {
    await userEvent.type(await screen.findByLabelText(/CORREO ELECTRÓNICO|EMAIL/), 'admin@camposense.dev');
    await userEvent.type(screen.getByLabelText(/CONTRASEÑA|PASSWORD/), 'Campo#Sense2026');
    await userEvent.click(screen.getByRole('button', { name: /INICIAR SESIÓN|SIGN IN/ }));
    await expect(await screen.findByText(/Error inesperado durante el inicio de sesión|Unexpected error while signing in/)).toBeVisible();
  },
};

/** The refresh cookie is refused (expired, revoked): back to the login without an error. */
export const SessionExpired: Story = {
  beforeEach: ({ msw }) => {
    storeValidSession();
    msw.use(authHandlers.refreshFails());
  },
  play: async () => {
    await expect(await screen.findByRole('button', { name: /INICIAR SESIÓN|SIGN IN/ })).toBeEnabled();
    await expect(screen.queryByRole('alert')).toBeNull();
  },
};

/** The sign-out call fails: the session still ends here and the login says what happened. */
export const SignOutFailed: Story = {
  beforeEach: ({ msw }) => {
    storeValidSession();
    msw.use(authHandlers.refreshSucceeds(), authHandlers.logoutFails(), ...senseHandlers.hierarchy(), ...senseHandlers.status());
  },
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: /Menú de usuario|User menu/ }, { timeout: 10_000 }));
    await userEvent.click(await screen.findByRole('button', { name: /CERRAR SESIÓN|SIGN OUT/ }));
    await expect(
      await screen.findByText(/Error inesperado durante el cierre de sesión|Unexpected error while signing out/),
    ).toBeVisible();
  },
};
