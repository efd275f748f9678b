import { createHash } from 'node:crypto';
import type { SessionStore } from '@balcao/sdk';
import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';

/** The SessionStore key of the account's credentials. */
export const CREDS_KEY = 'creds';

/** SessionStore keys are 1–200 printable characters without spaces (sdk sessionKeySchema). */
const MAX_KEY = 200;

/**
 * The SessionStore key of one signal key. Ids are mostly printable already (`5511…​.0`, base64 key ids); anything
 * else is percent-encoded, and a key that would still be too long is hashed (it is only ever looked up, never listed).
 * @example signalKey('pre-key', '12') === 'key:pre-key:12'
 */
export function signalKey(type: keyof SignalDataTypeMap, id: string): string {
  const key = `key:${type}:${encodeURIComponent(id)}`;
  if (key.length <= MAX_KEY) return key;
  return `key:${type}:#${createHash('sha256').update(id).digest('hex')}`;
}

const serialise = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer);
const deserialise = <T>(raw: string): T => JSON.parse(raw, BufferJSON.reviver) as T;

/**
 * Baileys' auth state kept in the connection's SessionStore (Postgres, sealed by core), so a restarted worker, or
 * another one taking the session over, resumes the linked device without a new QR code. Creds and signal keys are
 * serialised with BufferJSON (they hold Buffers); app-state sync keys come back as protobuf objects, as Baileys
 * expects; a key set to null is deleted.
 * @example const { state, saveCreds } = await sessionStoreAuthState(ctx.session); sock.ev.on('creds.update', saveCreds)
 */
export async function sessionStoreAuthState(
  session: SessionStore,
): Promise<{ state: AuthenticationState; saveCreds: () => Promise<void> }> {
  const saved = await session.get(CREDS_KEY);
  const creds: AuthenticationCreds = saved ? deserialise<AuthenticationCreds>(saved) : initAuthCreds();

  const state: AuthenticationState = {
    creds,
    keys: {
      async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
        const found: { [id: string]: SignalDataTypeMap[T] } = {};
        await Promise.all(
          ids.map(async (id) => {
            const raw = await session.get(signalKey(type, id));
            if (raw === null) return;
            const value = deserialise<SignalDataTypeMap[T]>(raw);
            found[id] =
              type === 'app-state-sync-key'
                ? (proto.Message.AppStateSyncKeyData.fromObject(
                    value as object,
                  ) as unknown as SignalDataTypeMap[T])
                : value;
          }),
        );
        return found;
      },
      async set(data: SignalDataSet) {
        const writes: Promise<void>[] = [];
        for (const [type, entries] of Object.entries(data) as [keyof SignalDataTypeMap, object][]) {
          for (const [id, value] of Object.entries(entries ?? {})) {
            const key = signalKey(type, id);
            writes.push(
              value === null || value === undefined
                ? session.delete(key)
                : session.set(key, serialise(value)),
            );
          }
        }
        await Promise.all(writes);
      },
      async clear() {
        await session.clear();
      },
    },
  };

  // Baileys mutates `state.creds` in place and then emits creds.update: saving the whole object keeps it consistent.
  const saveCreds = () => session.set(CREDS_KEY, serialise(state.creds));
  return { state, saveCreds };
}

/** Whether the store holds a linked account (a start will resume, not ask for a QR code). */
export async function hasLinkedAccount(session: SessionStore): Promise<boolean> {
  const saved = await session.get(CREDS_KEY);
  return saved !== null && deserialise<Partial<AuthenticationCreds>>(saved).me !== undefined;
}
