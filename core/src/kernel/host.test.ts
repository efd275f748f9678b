import { Migration } from '@mikro-orm/migrations';
import { describe, expect, it } from 'vitest';
import { CORE_MODULES } from '../modules/registry.js';
import { orderCoreModules } from './host.js';
import { defineModule } from './module.js';

class Noop extends Migration {
  override async up(): Promise<void> {}
}
const names = (modules: { name: string }[]) => modules.map((m) => m.name);

describe('orderCoreModules', () => {
  it('puts every module after the modules it depends on, keeping the given order otherwise', () => {
    const modules = [
      defineModule({ name: 'tickets', dependsOn: ['contacts'] }),
      defineModule({ name: 'plans' }),
      defineModule({ name: 'contacts', dependsOn: ['plans'] }),
    ];
    expect(names(orderCoreModules(modules))).toEqual(['plans', 'contacts', 'tickets']);
  });

  it('refuses a missing dependency, naming the module and what it lacks', () => {
    expect(() => orderCoreModules([defineModule({ name: 'tickets', dependsOn: ['contacts'] })])).toThrow(
      'cannot boot: core module tickets: missing dependency contacts',
    );
  });

  it('refuses a cycle, naming the modules in it', () => {
    const modules = [
      defineModule({ name: 'a', dependsOn: ['b'] }),
      defineModule({ name: 'b', dependsOn: ['a'] }),
    ];
    expect(() => orderCoreModules(modules)).toThrow('core module a: dependency cycle among a, b');
  });

  it('refuses a module declared twice, a bad name, and a migration name two modules declare', () => {
    expect(() => orderCoreModules([defineModule({ name: 'a' }), defineModule({ name: 'a' })])).toThrow(
      'core module a is declared twice',
    );
    expect(() => orderCoreModules([defineModule({ name: 'Tickets' })])).toThrow('invalid core module name');
    const migration = { name: 'core-0001-x', class: Noop };
    expect(() =>
      orderCoreModules([
        defineModule({ name: 'a', migrations: [migration] }),
        defineModule({ name: 'b', migrations: [migration] }),
      ]),
    ).toThrow('core module b: migration core-0001-x is declared by a too');
  });
});

describe('CORE_MODULES', () => {
  it('are listed in dependency order (so the registry reads as the boot order)', () => {
    expect(names(orderCoreModules(CORE_MODULES))).toEqual(names([...CORE_MODULES]));
  });

  it('declare or replace every migration the global list had, under its recorded name', () => {
    const covered = new Set(
      CORE_MODULES.flatMap((m) => (m.migrations ?? []).flatMap((x) => [x.name, x.replaces ?? x.name])),
    );
    for (let n = 1; n <= 15; n++) {
      const prefix = `core-${String(n).padStart(4, '0')}-`;
      expect(
        [...covered].some((name) => name.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });
});
