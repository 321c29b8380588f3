import { describe, expect, it } from 'vitest';
import { composeMessage } from './message-text';
import type { EpisodeFacts } from './message-text';

const facts: EpisodeFacts = {
  tipo: 'umbral',
  criticidad: 'Alta',
  nodo: 'NODO-01',
  ubicacion: 'Lote 2',
  umbral: 'Temperatura del suelo',
  metrica: 'Temperatura',
  unidad: '°C',
  minimo: 12.25,
  maximo: 25.5,
  valor: 26.5,
  fecha: new Date('2026-11-01T14:00:00Z'),
  ultimaLectura: null,
};
const first = { level: 0, round: 0, escalationMinutes: 30 };

describe('message texts in the recipient language', () => {
  it('writes the value and the limits as the language does: a decimal comma in Spanish, a point in English', () => {
    const spanish = composeMessage(facts, first, 'es', 'America/Lima').text;
    expect(spanish).toContain('26,5');
    expect(spanish).toContain('12,25');
    expect(spanish).toContain('25,5');
    expect(spanish).not.toContain('26.5');
    const english = composeMessage(facts, first, 'en', 'America/Lima').text;
    expect(english).toContain('26.5');
    expect(english).toContain('12.25');
  });

  it('counts the minutes of an escalation in the singular and the plural', () => {
    expect(composeMessage(facts, { level: 1, round: 0, escalationMinutes: 1 }, 'es', 'UTC').text).toContain('nadie la ha reconocido en 1 minuto.');
    expect(composeMessage(facts, { level: 2, round: 0, escalationMinutes: 15 }, 'es', 'UTC').text).toContain('nadie la ha reconocido en 30 minutos.');
    expect(composeMessage(facts, { level: 1, round: 0, escalationMinutes: 1 }, 'en', 'UTC').text).toContain('within 1 minute.');
  });
});
