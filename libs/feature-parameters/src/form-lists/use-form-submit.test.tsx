import { ApiError } from '@camposense/data-access';
import { I18nextProvider } from '@camposense/i18n';
import { createI18n } from '@camposense/i18n/full';
import { showToast } from '@camposense/ui';
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import useSWRMutation from 'swr/mutation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFormSubmit } from './use-form-submit';
import type { FormSubmitOptions } from './use-form-submit';

vi.mock('@camposense/ui', async (importOriginal) => ({ ...(await importOriginal<Record<string, unknown>>()), showToast: vi.fn() }));

const i18n = createI18n({ language: 'es', detect: false });
const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

const sensorLabels: FormSubmitOptions = { table: 'Sensor', fieldLabel: (name) => (name === 'nodoid' ? 'Nodo' : name) };

const apiError = (code: 'DUPLICATE' | 'FOREIGN_KEY' | 'VALIDATION', details: { field: string; rule: string }[] = []) =>
  new ApiError(409, code, 'rechazado', { error: { code, message: 'rechazado', details } });

/** A form over a mutation whose write is the argument it is triggered with, as a data-access mutation hook runs its call. */
let formCount = 0;
function useTestForm(options: FormSubmitOptions) {
  const [key] = useState(() => `test-form-${(formCount += 1)}`);
  return useFormSubmit(
    useSWRMutation(key, (_key, { arg: write }: { arg: () => Promise<{ created: number }> }) => write()),
    options,
  );
}

const savedSteps = (onSaved = vi.fn()) => ({ toast: (result: { created: number }) => ({ title: 'Sensores creados', message: `${result.created} creados` }), onSaved });

afterEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('useFormSubmit', () => {
  it('is busy while the write runs, then shows the success toast and readies the form, with no failure', async () => {
    const { result } = renderHook(() => useTestForm(sensorLabels), { wrapper });
    let answer: (value: { created: number }) => void = () => undefined;
    const onSaved = vi.fn();
    let saving: Promise<void> = Promise.resolve();
    act(() => {
      saving = result.current.save(() => new Promise<{ created: number }>((resolve) => (answer = resolve)), savedSteps(onSaved));
    });
    expect(result.current.busy).toBe(true);
    expect(showToast).not.toHaveBeenCalled();
    await act(async () => {
      answer({ created: 3 });
      await saving;
    });
    expect(showToast).toHaveBeenCalledWith({ type: 'success', title: 'Sensores creados', message: '3 creados' });
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);
    expect(result.current.failure).toBeNull();
    expect(result.current.failureMessage).toBeNull();
  });

  it('words a refused write with the table and field labels, keeps the form as it was, and clears the failure on demand', async () => {
    const { result } = renderHook(() => useTestForm(sensorLabels), { wrapper });
    const onSaved = vi.fn();
    await act(() => result.current.save(() => Promise.reject(apiError('DUPLICATE', [{ field: 'nodoid', rule: 'unique' }])), savedSteps(onSaved)));
    expect(result.current.failureMessage).toBe('Ya existe un registro de Sensor con ese valor en Nodo.');
    expect(result.current.busy).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
    act(() => result.current.clearFailure());
    expect(result.current.failureMessage).toBeNull();
  });

  it("takes the form's own words for a failure it explains, and the usual ones for the rest", async () => {
    const explainFailure = (error: unknown) => (error instanceof ApiError && error.code === 'FOREIGN_KEY' ? 'La sonda ya no está.' : null);
    const { result } = renderHook(() => useTestForm({ ...sensorLabels, explainFailure }), { wrapper });
    await act(() => result.current.save(() => Promise.reject(apiError('FOREIGN_KEY')), savedSteps()));
    expect(result.current.failureMessage).toBe('La sonda ya no está.');
    await act(() => result.current.save(() => Promise.reject(apiError('DUPLICATE')), savedSteps()));
    expect(result.current.failureMessage).toBe('Ya existe un registro de Sensor con esos datos.');
  });

  it('puts a problem with a shown field on that field, and still says something when one text is wanted', async () => {
    const { result } = renderHook(() => useTestForm({ ...sensorLabels, shown: new Set(['nodoid']) }), { wrapper });
    await act(() => result.current.save(() => Promise.reject(apiError('VALIDATION', [{ field: 'nodoid', rule: 'required' }])), savedSteps()));
    expect(result.current.failure).toEqual({ fieldErrors: { nodoid: 'Campo requerido' }, message: null, stale: false });
    expect(result.current.failureMessage).toBe('Ha ocurrido un error inesperado');
  });
});
