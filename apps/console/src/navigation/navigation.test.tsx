import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NavigationProvider, useNavigation } from './navigation';
import { toPath } from './routes';

/** Shows the active route's address; given `movedTo`, the address moves on its first render, as a back press would while the console mounts. */
function ActiveAddress({ movedTo }: { movedTo?: string }) {
  const { route } = useNavigation();
  if (movedTo && !sessionStorage.getItem('rendered')) {
    sessionStorage.setItem('rendered', 'yes');
    window.history.pushState(null, '', movedTo);
    // Nobody listens yet: the provider subscribes after this render commits.
    window.dispatchEvent(new PopStateEvent('popstate'));
  }
  return <output>{toPath(route)}</output>;
}

describe('the console follows its address', () => {
  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('follows a move of the address made between its first render and its subscription', () => {
    window.history.replaceState(null, '', '/dashboard');
    render(
      <NavigationProvider>
        <ActiveAddress movedTo="/umbrales" />
      </NavigationProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('/umbrales');
  });

  it('follows the back button once mounted', () => {
    window.history.replaceState(null, '', '/dashboard');
    render(
      <NavigationProvider>
        <ActiveAddress />
      </NavigationProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('/dashboard');
    act(() => {
      window.history.pushState(null, '', '/reportes/alertas');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('/reportes/alertas');
  });
});
