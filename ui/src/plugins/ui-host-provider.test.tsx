import type { SessionUserDto } from '@balcao/sdk';
import { type UiHost, useUiHost } from '@balcao/sdk/ui';
import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userAtom } from '../session/session-store';
import { volumeAtom } from '../theme/theme-atoms';
import { UiHostProvider } from './ui-host-provider';

// A plugin's alert (useUiHost().notify) is the ticket notifications' own: the desktop notification when permitted and
// the chime at the top bar's volume. Browser APIs are stubbed at their edge: Notification and AudioContext.

const shown: { title: string; body?: string; tag?: string }[] = [];
class FakeNotification {
  static permission = 'granted';
  onclick: (() => void) | null = null;
  constructor(title: string, options: { body?: string; tag?: string }) {
    shown.push({ title, ...options });
  }
  close() {}
}
let notes = 0;
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  createOscillator() {
    notes++;
    return { type: '', frequency: { value: 0 }, connect: (n: unknown) => n, start() {}, stop() {} };
  }
  createGain() {
    const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain, connect: (n: unknown) => n };
  }
}

function hostWith(volume: number): UiHost {
  const store = createStore();
  store.set(userAtom, { id: 1, companyId: 1, company: { plan: {} } } as unknown as SessionUserDto);
  store.set(volumeAtom, volume);
  let host: UiHost | undefined;
  const Grab = () => {
    host = useUiHost();
    return null;
  };
  renderToStaticMarkup(
    <Provider store={store}>
      <UiHostProvider>
        <Grab />
      </UiHostProvider>
    </Provider>,
  );
  if (!host) throw new Error('no host');
  return host;
}

afterEach(() => {
  vi.unstubAllGlobals();
  shown.length = 0;
  notes = 0;
});

describe("the shell's notify for plugin UIs", () => {
  it('shows the desktop notification and plays the chime at the chosen volume', () => {
    vi.stubGlobal('window', { Notification: FakeNotification, focus() {} });
    vi.stubGlobal('Notification', FakeNotification);
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
      removeItem: (k: string) => void stored.delete(k),
    });
    const alert = { title: 'Ana em Vendas', body: 'Bom dia', tag: 'internal-chat-7', onClick() {} };

    hostWith(0.5).notify(alert);
    expect(shown).toEqual([
      { title: 'Ana em Vendas', body: 'Bom dia', tag: 'internal-chat-7', icon: undefined },
    ]);
    expect(notes).toBe(2);

    hostWith(0).notify(alert);
    expect(shown).toHaveLength(2);
    expect(notes).toBe(2);
  });
});
