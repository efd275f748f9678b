import { BufferJSON, initAuthCreds, makeCacheableSignalKeyStore, proto } from '@whiskeysockets/baileys';
import { describe, expect, it } from 'vitest';
import { CREDS_KEY, hasLinkedAccount, sessionStoreAuthState, signalKey } from './auth-state.js';
import { MemorySessionStore } from './testing/memory-session-store.js';

describe('auth state in the SessionStore', () => {
  it('a new store starts with fresh creds and is not linked; saved creds come back byte for byte', async () => {
    const store = new MemorySessionStore();
    const first = await sessionStoreAuthState(store);
    expect(first.state.creds.registered).toBe(false);
    expect(await hasLinkedAccount(store)).toBe(false);

    first.state.creds.me = { id: '5511999990000:7@s.whatsapp.net', name: 'Loja' };
    await first.saveCreds();
    // Stored as text (the store takes strings), with Buffers in BufferJSON's form.
    expect(store.entries.get(CREDS_KEY)).toContain('"type":"Buffer"');

    const again = await sessionStoreAuthState(store);
    expect(await hasLinkedAccount(store)).toBe(true);
    expect(again.state.creds.me?.id).toBe('5511999990000:7@s.whatsapp.net');
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.from(again.state.creds.noiseKey.private)).toEqual(
      Buffer.from(first.state.creds.noiseKey.private),
    );
    expect(again.state.creds.signedIdentityKey.public).toEqual(first.state.creds.signedIdentityKey.public);
    expect(again.state.creds.advSecretKey).toBe(first.state.creds.advSecretKey);
  });

  it('signal keys round-trip with their Buffers; a key set to null is deleted', async () => {
    const store = new MemorySessionStore();
    const { state } = await sessionStoreAuthState(store);
    const pair = initAuthCreds().signedIdentityKey;
    const session = Buffer.from([1, 2, 3, 250]);
    await state.keys.set({ 'pre-key': { '1': pair, '2': pair }, session: { '5511999990001.0': session } });

    const keys = (await sessionStoreAuthState(store)).state.keys;
    const found = await keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(found).sort()).toEqual(['1', '2']);
    expect(Buffer.from(found['1']!.private)).toEqual(Buffer.from(pair.private));
    expect(await keys.get('session', ['5511999990001.0'])).toEqual({ '5511999990001.0': session });

    await keys.set({ 'pre-key': { '1': null } });
    expect(Object.keys(await keys.get('pre-key', ['1', '2']))).toEqual(['2']);
    expect(store.entries.has(signalKey('pre-key', '1'))).toBe(false);
  });

  it('app-state sync keys come back as protobuf objects, as Baileys reads them', async () => {
    const store = new MemorySessionStore();
    const { state } = await sessionStoreAuthState(store);
    const keyData = proto.Message.AppStateSyncKeyData.fromObject({
      keyData: Buffer.from('secret-key-bytes'),
      timestamp: 1_764_000_000,
    });
    await state.keys.set({ 'app-state-sync-key': { 'AAAAAOzE+w==': keyData } });
    const got = (await state.keys.get('app-state-sync-key', ['AAAAAOzE+w==']))['AAAAAOzE+w=='];
    expect(got).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(got!.keyData!)).toEqual(Buffer.from('secret-key-bytes'));
  });

  it('what is stored is plain BufferJSON: Baileys’ reviver reads it back', async () => {
    const store = new MemorySessionStore();
    const { state } = await sessionStoreAuthState(store);
    await state.keys.set({ 'sender-key': { 'grupo@g.us::5511::0': Buffer.from('abc') } });
    const raw = store.entries.get(signalKey('sender-key', 'grupo@g.us::5511::0'))!;
    expect(JSON.parse(raw, BufferJSON.reviver)).toEqual(Buffer.from('abc'));
  });

  it('ids that are not key-safe are encoded, and overlong ones hashed, within the store’s key rule', async () => {
    expect(signalKey('session', 'ana bia.0')).toBe('key:session:ana%20bia.0');
    const long = signalKey('sender-key', 'x'.repeat(300));
    expect(long.length).toBeLessThanOrEqual(200);
    const store = new MemorySessionStore();
    const { state } = await sessionStoreAuthState(store);
    await state.keys.set({ 'sender-key': { [`${'x'.repeat(300)}`]: Buffer.from('k') } });
    expect(await state.keys.get('sender-key', ['x'.repeat(300)])).toEqual({
      ['x'.repeat(300)]: Buffer.from('k'),
    });
  });

  it('works behind Baileys’ cacheable key store, and clear empties the store', async () => {
    const store = new MemorySessionStore();
    const { state, saveCreds } = await sessionStoreAuthState(store);
    await saveCreds();
    const cached = makeCacheableSignalKeyStore(state.keys);
    await cached.set({ 'lid-mapping': { '5511999990001': '123456789012345' } });
    expect(await cached.get('lid-mapping', ['5511999990001'])).toEqual({
      '5511999990001': '123456789012345',
    });
    expect(await state.keys.get('lid-mapping', ['5511999990001'])).toEqual({
      '5511999990001': '123456789012345',
    });
    await state.keys.clear?.();
    expect(store.entries.size).toBe(0);
  });
});
