import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../testing/render';
import { LoginScreen } from './login-screen';

describe('LoginScreen', () => {
  it('sends the trimmed e-mail and the password', async () => {
    const onSubmit = vi.fn();
    const { user } = render(<LoginScreen onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/CORREO ELECTRÓNICO/), '  admin@camposense.dev ');
    await user.type(screen.getByLabelText(/CONTRASEÑA/), 'Campo#Sense2026');
    await user.click(screen.getByRole('button', { name: 'INICIAR SESIÓN' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'admin@camposense.dev', password: 'Campo#Sense2026' });
  });

  it('requires both fields and an e-mail that looks like one', async () => {
    const onSubmit = vi.fn();
    const { user } = render(<LoginScreen onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'INICIAR SESIÓN' }));
    expect(screen.getByText('El correo electrónico es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/CORREO ELECTRÓNICO/), 'no-es-un-correo');
    await user.type(screen.getByLabelText(/CONTRASEÑA/), 'x');
    await user.click(screen.getByRole('button', { name: 'INICIAR SESIÓN' }));
    expect(screen.getByText('Ingresa un correo electrónico válido')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is disabled and says INICIANDO SESIÓN... while busy', () => {
    render(<LoginScreen onSubmit={vi.fn()} busy initialEmail="a@b.co" />);
    const button = screen.getByRole('button', { name: /INICIANDO SESIÓN/ });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText(/CORREO ELECTRÓNICO/)).toBeDisabled();
  });

  it('shows the error in an alert, in English too', () => {
    render(<LoginScreen onSubmit={vi.fn()} error="Invalid credentials" />, { language: 'en' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeEnabled();
  });
});
