import { describe, expect, it } from 'vitest';
import { editability } from './campaign.js';
import { pauseAfter, pickVariant, renderMessage } from './placeholders.js';

const ana = { name: 'Ana', email: 'ana@x.co', number: '5511999990000' };

describe('renderMessage', () => {
  it('fills {nome}, {email}, {numero} and the settings variables, single braces only', () => {
    expect(
      renderMessage('Oi {nome} ({email}, {numero}): {cupom} {{nome}} {desconhecida}', ana, [
        { key: 'cupom', value: 'X10' },
      ]),
    ).toBe('Oi Ana (ana@x.co, 5511999990000): X10 {Ana} {desconhecida}');
  });

  it('does not expand a value again, and an e-mail left out is empty', () => {
    expect(renderMessage('{cupom}', { ...ana, email: null }, [{ key: 'cupom', value: '{nome}' }])).toBe(
      '{nome}',
    );
    expect(renderMessage('[{email}]', { ...ana, email: null }, [])).toBe('[]');
  });

  it('the contact fields win over a variable of the same name', () => {
    expect(renderMessage('{nome}', ana, [{ key: 'nome', value: 'Outro' }])).toBe('Ana');
  });
});

describe('pickVariant', () => {
  it('picks among the non-empty variants only', () => {
    expect(pickVariant([null, 'b', null, 'd', null], () => 0)).toBe('b');
    expect(pickVariant([null, 'b', null, 'd', null], () => 0.99)).toBe('d');
    expect(pickVariant([null, null])).toBeNull();
  });
});

describe('pauseAfter', () => {
  const s = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };
  it('pauses messageInterval between messages and greaterInterval after every longerIntervalAfter', () => {
    expect(pauseAfter(1, s)).toBe(20);
    expect(pauseAfter(20, s)).toBe(60);
    expect(pauseAfter(40, s)).toBe(60);
    expect(pauseAfter(41, s)).toBe(20);
  });
  it('0 switches a rule off', () => {
    expect(pauseAfter(20, { ...s, longerIntervalAfter: 0 })).toBe(20);
    expect(pauseAfter(3, { ...s, messageInterval: 0 })).toBe(0);
  });
});

describe('editability (spec part 2 §4)', () => {
  const now = new Date('2026-11-29T10:00:00Z');
  it('INATIVA is editable, PROGRAMADA only more than an hour ahead, CANCELADA only its messages', () => {
    expect(editability({ status: 'INATIVA', scheduledAt: null }, now)).toBe('all');
    expect(editability({ status: 'PROGRAMADA', scheduledAt: '2026-11-29T11:00:01Z' }, now)).toBe('all');
    expect(editability({ status: 'PROGRAMADA', scheduledAt: '2026-11-29T11:00:00Z' }, now)).toBe('none');
    expect(editability({ status: 'CANCELADA', scheduledAt: null }, now)).toBe('messages');
    expect(editability({ status: 'EM_ANDAMENTO', scheduledAt: null }, now)).toBe('none');
    expect(editability({ status: 'FINALIZADA', scheduledAt: null }, now)).toBe('none');
  });
});
