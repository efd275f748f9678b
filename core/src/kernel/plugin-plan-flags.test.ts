import { definePlugin } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { declarationProblem, labelledFlags, referencedFlags, referenceProblem } from './plugin-plan-flags.js';

const plugin = (over: object) => definePlugin({ name: 'typebot', ...over }) as never;

describe('plugin plan flag declarations', () => {
  it('accepts camelCase keys starting with "use" and records them as taken', () => {
    const taken = new Map<string, string>();
    expect(
      declarationProblem(plugin({ planFlags: [{ key: 'useTypebot', labelKey: 'typebot:flag' }] }), taken),
    ).toBe(undefined);
    expect(taken.get('useTypebot')).toBe('typebot');
  });

  it('names the reason for a refused declaration', () => {
    const taken = new Map([['useTaken', 'other']]);
    const problem = (key: unknown, labelKey: unknown = 'typebot:flag') =>
      declarationProblem(plugin({ planFlags: [{ key, labelKey }] }), new Map(taken));
    expect(problem('typebot')).toMatch(/camelCase starting with "use"/);
    expect(problem('use_typebot')).toMatch(/camelCase/);
    expect(problem(`use${'A'.repeat(60)}`)).toMatch(/camelCase/);
    expect(problem('useKanban')).toMatch(/a core flag/);
    expect(problem('useTaken')).toMatch(/already declared by plugin other/);
    expect(problem('useTypebot', '')).toMatch(/without a labelKey/);
    const twice = [
      { key: 'useA', labelKey: 'a' },
      { key: 'useA', labelKey: 'b' },
    ];
    expect(declarationProblem(plugin({ planFlags: twice }), new Map())).toMatch(/twice/);
  });

  it('collects every flag a plugin names and refuses one nobody declares', () => {
    const p = plugin({
      planFlag: 'useTypebot',
      jobs: [{ name: 'j', planFlag: 'useKanban', handler: async () => {} }],
      flaggedRoutes: [{ planFlag: 'useExtra', routes() {} }],
    });
    expect(referencedFlags(p)).toEqual(['useTypebot', 'useExtra', 'useKanban']);
    expect(referenceProblem(p, new Map([['useTypebot', 'typebot']]))).toMatch(
      /useExtra, neither a core flag/,
    );
    expect(
      referenceProblem(
        p,
        new Map([
          ['useTypebot', 'typebot'],
          ['useExtra', 'x'],
        ]),
      ),
    ).toBe(undefined);
  });

  it("labels a flag from the plugin's locales: the language asked, the fallback, English, else the key", () => {
    const p = plugin({
      planFlags: [
        { key: 'useTypebot', labelKey: 'typebot:plan.flag' },
        { key: 'useOther', labelKey: 'other:flag' },
      ],
      locales: { en: { plan: { flag: 'Typebot' } }, tr: { plan: { flag: 'Typebot (tr)' } } },
    });
    expect(labelledFlags(p, 'tr').map((f) => f.label)).toEqual(['Typebot (tr)', 'other:flag']);
    expect(labelledFlags(p, 'pt-BR').map((f) => f.label)).toEqual(['Typebot', 'other:flag']);
  });
});
