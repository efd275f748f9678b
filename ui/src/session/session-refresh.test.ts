import type { SessionUserDto } from '@balcao/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The session's `/api/auth/me` read against a live setting event that overtakes it (the e2e signature spec saw the
// stale answer land after the event and put the old setting back).
const answers: ((me: SessionUserDto) => void)[] = [];
vi.mock('../api/http', () => ({
  api: { get: () => new Promise<SessionUserDto>((resolve) => answers.push(resolve)) },
  configureHttp: () => undefined,
  refreshToken: () => Promise.reject(new Error('unused')),
}));
vi.mock('../i18n', () => ({ applyUserLanguage: () => undefined }));

const { noteLiveSessionChange, refreshSessionUser } = await import('./session-actions');
const { appStore, userAtom } = await import('./session-store');

const session = (sign: 'enabled' | 'disabled') =>
  ({
    id: 7,
    name: 'Bruna',
    queues: [],
    companieSettings: [{ key: 'sendSignMessage', value: sign }],
  }) as unknown as SessionUserDto;
const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  answers.length = 0;
  appStore.set(userAtom, null);
});

describe('refreshSessionUser', () => {
  it('merges an answer nothing overtook', async () => {
    appStore.set(userAtom, session('enabled'));
    const done = refreshSessionUser();
    answers[0]({ ...session('enabled'), name: 'Bruna Lima' });
    await done;
    expect(appStore.get(userAtom)?.name).toBe('Bruna Lima');
  });

  it('reads again when a live change arrived while the answer was on its way, instead of merging the stale one', async () => {
    appStore.set(userAtom, session('enabled'));
    const done = refreshSessionUser();
    // The setting event lands first (the bridge applies it and notes it)…
    noteLiveSessionChange();
    appStore.set(userAtom, session('disabled'));
    // …then the answer read before the change.
    answers[0](session('enabled'));
    await flush();
    expect(appStore.get(userAtom)?.companieSettings).toEqual([{ key: 'sendSignMessage', value: 'disabled' }]);
    expect(answers).toHaveLength(2);
    answers[1](session('disabled'));
    await done;
    expect(appStore.get(userAtom)?.companieSettings).toEqual([{ key: 'sendSignMessage', value: 'disabled' }]);
  });
});
