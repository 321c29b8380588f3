import { describe, expect, it } from 'vitest';
import { en } from './locales/en';
import { es } from './locales/es';
import { createI18n } from './full';

type Tree = { [key: string]: string | Tree };

function texts(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : texts(value, `${prefix}${key}.`),
  );
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Keys whose text shows `{{count}}` (also `{{count, number}}`) but that are not an i18next plural with both `_one` and `_other`. */
function countsWithoutPlural(dictionary: Tree): string[] {
  const all = new Map(texts(dictionary));
  return [...all]
    .filter(([, text]) => /\{\{\s*count\s*(,[^}]*)?\}\}/.test(text))
    .map(([key]) => key.replace(PLURAL_SUFFIX, ''))
    .filter((base) => !all.has(`${base}_one`) || !all.has(`${base}_other`));
}

describe('counted texts are plurals (issue 28, item 9)', () => {
  it.each([
    ['es', es],
    ['en', en],
  ])('every %s text with {{count}} has a _one and an _other form', (_language, dictionary) => {
    expect(countsWithoutPlural(dictionary as unknown as Tree)).toEqual([]);
  });

  it('the walk notices a counted text without its plural forms', () => {
    expect(countsWithoutPlural({ a: { rows: '{{count}} filas', ok_one: '{{count}} fila', ok_other: '{{count}} filas', half_other: '{{count, number}} x' } })).toEqual(['a.rows', 'a.half']);
  });

  it('Spanish says 1 in the singular and 2 in the plural, with the number in Spanish', () => {
    const i18n = createI18n({ language: 'es', detect: false });
    expect(i18n.t('parameters.records', { count: 1, filtered: '1', total: '1' })).toBe('1 de 1 registro');
    expect(i18n.t('parameters.records', { count: 2, filtered: '2', total: '2' })).toBe('2 de 2 registros');
    expect(i18n.t('thresholds.totals', { count: 1, sinUmbral: 0 })).toBe('1 umbral · 0 sin umbral');
    expect(i18n.t('thresholds.totals', { count: 2, sinUmbral: 12345 })).toBe('2 umbrales · 12.345 sin umbral');
    expect(i18n.t('thresholds.preview.readings', { count: 1 })).toBe('1 lectura');
    expect(i18n.t('thresholds.preview.of', { count: 23456 })).toBe('de 23.456 lecturas');
    expect(i18n.t('thresholds.preview.title', { count: 1 })).toBe('Vista previa: último día');
    expect(i18n.t('thresholds.preview.title', { count: 2 })).toBe('Vista previa: últimos 2 días');
    expect(i18n.t('validation.maxLength', { count: 1 })).toBe('Debe tener como máximo 1 carácter');
    expect(i18n.t('dashboard.nodesCount', { shown: 1, count: 2 })).toBe('1 de 2 nodos');
  });

  it('English says 1 in the singular and 2 in the plural, with the number in English', () => {
    const i18n = createI18n({ language: 'en', detect: false });
    expect(i18n.t('thresholds.preview.episodes', { count: 1 })).toBe('1 episode');
    expect(i18n.t('thresholds.preview.episodes', { count: 12345 })).toBe('12,345 episodes');
    expect(i18n.t('dashboard.nodesCount', { shown: 1, count: 1 })).toBe('1 of 1 node');
  });
});
