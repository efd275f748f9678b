import { describe, expect, it } from 'vitest';
import {
  chatInputSchema,
  chatListQuery,
  chatMessageInputSchema,
  chatMessagesQuery,
  chatParams,
} from './chat';

// Every refusal carries one of the shell's translatable field messages (ui/src/forms/field-errors.ts).
const TRANSLATABLE = new Set(['Required', 'Too Long!', 'Invalid character', 'Invalid id', 'Invalid number']);
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('the chat schemas', () => {
  it('take members as ids or { id } objects, once each', () => {
    expect(chatInputSchema.parse({ title: ' Vendas ', users: [2, { id: 3 }, '2'] })).toEqual({
      title: 'Vendas',
      users: [2, 3],
    });
  });

  it('take a chat by uuid (any case) or id', () => {
    expect(chatParams.parse({ id: '0F8FAD5B-D9CB-469F-A165-70867728950E' }).id).toEqual({
      uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
    });
    expect(chatParams.parse({ id: '12' }).id).toEqual({ id: 12 });
  });

  it.each([
    [chatInputSchema, { title: 'x', users: [-1] }],
    [chatInputSchema, { title: 'x', users: ['abc'] }],
    [chatInputSchema, { title: 'x', users: [{ id: 2_147_483_648 }] }],
    [chatInputSchema, { title: 5, users: [] }],
    [chatInputSchema, { title: 'x', users: 'all' }],
    [chatMessageInputSchema, { message: null }],
    [chatMessagesQuery, { pageNumber: 'abc' }],
    [chatMessagesQuery, { pageNumber: '1.5' }],
    [chatListQuery, { pageNumber: '0' }],
    [chatParams, { id: '-3' }],
    [chatParams, { id: 'abc' }],
  ] as const)('refuses hostile input with translatable messages (%#)', (schema, input) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    for (const message of messagesOf(result)) expect(TRANSLATABLE).toContain(message);
  });
});
