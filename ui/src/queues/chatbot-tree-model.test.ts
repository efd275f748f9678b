import { type ChatbotOptionType, queueSchema } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import {
  addOption,
  canNest,
  type EditableOption,
  fieldPath,
  moveOption,
  offeredOptionTypes,
  removeOption,
  toInput,
  treeErrors,
  updateOption,
} from './chatbot-tree-model';

const names = (nodes: EditableOption[]): unknown[] =>
  nodes.map((n) => (n.options.length ? [n.name, names(n.options)] : n.name));

describe('chatbot tree editing', () => {
  it('adds, nests, renames, reorders and removes options by path', () => {
    let tree = addOption(addOption([], []), []);
    tree = updateOption(tree, [0], { name: 'Financeiro', greetingMessage: 'Escolha' });
    tree = updateOption(tree, [1], { name: 'Suporte' });
    tree = addOption(addOption(tree, [0]), [0]);
    tree = updateOption(tree, [0, 0], { name: 'Boletos' });
    tree = updateOption(tree, [0, 1], { name: 'Notas' });
    expect(names(tree)).toEqual([['Financeiro', ['Boletos', 'Notas']], 'Suporte']);
    tree = moveOption(tree, [0, 1], -1);
    tree = moveOption(tree, [1], -1);
    expect(names(tree)).toEqual(['Suporte', ['Financeiro', ['Notas', 'Boletos']]]);
    expect(names(moveOption(tree, [0], -1))).toEqual(names(tree));
    tree = removeOption(tree, [1, 0]);
    expect(names(tree)).toEqual(['Suporte', ['Financeiro', ['Boletos']]]);
  });

  it('sends the tree without editor keys and with empty messages as null', () => {
    const tree = updateOption(addOption([], []), [0], { name: 'Financeiro', greetingMessage: '  ' });
    expect(toInput(tree)).toEqual([
      expect.objectContaining({ name: 'Financeiro', greetingMessage: null, options: [], queueType: 'text' }),
    ]);
    expect(toInput(tree)[0]).not.toHaveProperty('key');
  });

  it('puts the shared schema problems next to the option at fault', () => {
    let tree = addOption(addOption([], []), [0]);
    tree = updateOption(tree, [0], { name: 'Raiz' });
    tree = updateOption(tree, [0, 0], { name: 'Sub' });
    const parsed = queueSchema.safeParse({ name: 'Fila', color: '#123456', chatbots: toInput(tree) });
    const errors = treeErrors(parsed.error?.issues ?? []);
    expect(errors[fieldPath([0, 0], 'name')]).toBe('Too Short!');
    expect(errors[fieldPath([0], 'greetingMessage')]).toBe('ERR_CHATBOT_MESSAGE_REQUIRED');
    expect(treeErrors([{ path: 'chatbots.1.optQueueId', message: 'Unknown queue' }])).toEqual({
      'chatbots.1.optQueueId': 'Unknown queue',
    });
  });

  it('stops nesting at five levels', () => {
    expect(canNest([0, 0, 0, 0])).toBe(true);
    expect(canNest([0, 0, 0, 0, 0])).toBe(false);
  });
});

describe('offeredOptionTypes', () => {
  it('offers the types that lead somewhere: a bot engine for integrations, a file list for files', () => {
    const all = ['text', 'attendent', 'queue', 'integration', 'file'];
    expect(offeredOptionTypes('text')).toEqual(all);
    expect(offeredOptionTypes('file')).toEqual(all);
  });

  it("keeps an option's stored type that is not offered, so the form shows and keeps it", () => {
    // A type a newer server may store (not in this build's list).
    const stored = 'survey' as ChatbotOptionType;
    expect(offeredOptionTypes(stored)).toEqual(['text', 'attendent', 'queue', 'integration', 'file', stored]);
  });
});
