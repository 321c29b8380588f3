import type { UmbralChanges } from '@camposense/data-access';
import { parseDecimalInput } from '@camposense/domain';

/** What the panel edits, as typed: numbers stay text until saved, so "-" or "1." can be typed. */
export interface BandForm {
  umbral: string;
  minimo: string;
  maximo: string;
  criticidadid: number | null;
  statusid: number;
  perfilids: number[];
}

export type BandFormErrors = Partial<Record<'umbral' | 'minimo' | 'maximo' | 'criticidadid', 'required' | 'invalidBand'>>;

const parse = (text: string): number | null => {
  const value = parseDecimalInput(text);
  return value === null || Number.isNaN(value) ? null : value;
};

/** The band as numbers, null where a limit is missing or not a number. */
export function bandOf(form: BandForm): { minimo: number | null; maximo: number | null } {
  return { minimo: parse(form.minimo), maximo: parse(form.maximo) };
}

/** Required fields, and minimum ≤ maximum (the database's own check, told before it is asked). */
export function validateBand(form: BandForm): BandFormErrors {
  const errors: BandFormErrors = {};
  const { minimo, maximo } = bandOf(form);
  if (form.umbral.trim() === '') errors.umbral = 'required';
  if (minimo === null) errors.minimo = 'required';
  if (maximo === null) errors.maximo = 'required';
  if (form.criticidadid === null) errors.criticidadid = 'required';
  if (minimo !== null && maximo !== null && minimo > maximo) errors.maximo = 'invalidBand';
  return errors;
}

const sameSet = (left: readonly number[], right: readonly number[]) =>
  left.length === right.length && left.every((value) => right.includes(value));

/** The columns that changed from `original`, as the update call takes them. */
export function changedColumns(original: BandForm, form: BandForm): UmbralChanges {
  const changes: UmbralChanges = {};
  const before = bandOf(original);
  const after = bandOf(form);
  if (form.umbral.trim() !== original.umbral.trim()) changes.umbral = form.umbral.trim();
  if (after.minimo !== null && after.minimo !== before.minimo) changes.minimo = after.minimo;
  if (after.maximo !== null && after.maximo !== before.maximo) changes.maximo = after.maximo;
  if (form.criticidadid !== null && form.criticidadid !== original.criticidadid) changes.criticidadid = form.criticidadid;
  if (form.statusid !== original.statusid) changes.statusid = form.statusid;
  return changes;
}

export function profilesChanged(original: BandForm, form: BandForm): boolean {
  return !sameSet(original.perfilids, form.perfilids);
}

/** Whether anything differs from what was loaded: the unsaved-changes guard asks this. */
export function isDirty(original: BandForm, form: BandForm): boolean {
  return (
    Object.keys(changedColumns(original, form)).length > 0 ||
    profilesChanged(original, form) ||
    form.minimo.trim() !== original.minimo.trim() ||
    form.maximo.trim() !== original.maximo.trim()
  );
}
