import type { SessionUserDto } from '@balcao/sdk';
import { defineUiPlugin } from '@balcao/sdk/ui';
import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { userAtom } from '../session/session-store';
import { pluginsAtom } from './plugin-store';
import { Slot } from './slot';

const First = () => <span>first</span>;
const Second = () => <span>second</span>;
const AdminOnly = () => <span>admin only</span>;
const Other = () => <span>other plugin</span>;

const agent = { profile: 'user', super: false, company: { plan: {} } } as unknown as SessionUserDto;

function render(user: SessionUserDto) {
  const store = createStore();
  store.set(userAtom, user);
  store.set(pluginsAtom, {
    status: 'ready',
    enabled: ['tour', 'other'],
    channels: [],
    channelTraits: [],
    loaded: [
      defineUiPlugin({
        name: 'tour',
        slots: {
          'topbar.items': [
            First,
            { id: 'second', component: Second },
            { component: AdminOnly, profile: 'admin' },
          ],
        },
      }),
      defineUiPlugin({ name: 'other', slots: { 'topbar.items': Other } }),
    ],
  });
  return renderToStaticMarkup(
    <Provider store={store}>
      <Slot id="topbar.items" />
    </Provider>,
  );
}

describe('several fills per slot per plugin', () => {
  it("renders each of a plugin's fills in its order, then the next plugin's, each gated on its own", () => {
    expect(render(agent)).toBe('<span>first</span><span>second</span><span>other plugin</span>');
    const admin = { ...agent, profile: 'admin' } as SessionUserDto;
    expect(render(admin)).toBe(
      '<span>first</span><span>second</span><span>admin only</span><span>other plugin</span>',
    );
  });
});
