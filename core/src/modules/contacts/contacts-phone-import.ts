import { AppError, type PhoneContact, type PhoneImportSummaryDto, type RealtimePort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { defaultConnectionRow } from '../connections/default-connection.js';
import { toChannelConnection } from '../conversations/conversations-service.js';
import type { ChannelRegistry } from '../conversations/outbound.js';
import type { SessionManager } from '../sessions/session-manager.js';
import { normaliseNumber } from './contact-number.js';
import { type ContactCandidate, insertMissingContacts } from './contacts-import.js';

/**
 * Where "Import from phone" reads: the account's address book (`POST /contacts/import`) or the people it has chats
 * with (`POST /contacts/import/chats`); each is an optional ChannelDefinition operation.
 */
export type PhoneImportSource = 'addressBook' | 'chatContacts';

/** The contacts table's bound on a name. */
const NAME_MAX = 100;
/** The contact form's bound on a number (contactSchema). */
const NUMBER_MAX = 50;

export interface PhoneImportDeps {
  em: EntityManager;
  channels: ChannelRegistry;
  realtime: RealtimePort;
  sessions: Pick<SessionManager, 'call'>;
  dataDir: string;
}

/** The company's default connection, as channels see it; 404 ERR_NO_DEF_WAPP_FOUND when it has none. */
async function defaultConnection(em: EntityManager, companyId: number) {
  const row = await defaultConnectionRow(em, companyId);
  if (!row) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404);
  return toChannelConnection(row);
}

/** The contact one entry would become, or undefined when its number cannot be one (too short or too long). */
function candidateOf(
  entry: PhoneContact,
  channel: string,
  channels: ChannelRegistry,
): ContactCandidate | undefined {
  let number: string;
  try {
    number = normaliseNumber(String(entry.number ?? ''), channel, false, channels);
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
  if (!number || number.length > NUMBER_MAX) return undefined;
  const name = String(entry.name ?? '').trim() || number;
  return { name: name.slice(0, NAME_MAX), number, email: null };
}

/**
 * Reads the default connection's address book or chat list through its channel adapter and creates the contacts the
 * company does not have yet, on that connection's channel; existing contacts are never touched. Running it twice
 * creates nothing new. A channel without the operation answers 400 ERR_CONNECTION_CANNOT_IMPORT.
 */
export async function importPhoneContacts(
  deps: PhoneImportDeps,
  companyId: number,
  source: PhoneImportSource,
): Promise<PhoneImportSummaryDto> {
  const connection = await defaultConnection(deps.em, companyId);
  const adapter = deps.channels.get(connection.channel);
  if (!adapter?.[source])
    throw new AppError('ERR_CONNECTION_CANNOT_IMPORT', 400, { channel: connection.channel });
  // Read by the process that runs the session (SessionManager.call): the phone's lists are in its socket.
  const entries = await deps.sessions.call(connection, source, {});
  const candidates = new Map<string, ContactCandidate>();
  let skipped = 0;
  for (const entry of entries) {
    const candidate = candidateOf(entry, connection.channel, deps.channels);
    // Unusable numbers and a number listed twice are skipped, like the rows of a spreadsheet import.
    if (!candidate || candidates.has(candidate.number)) skipped++;
    else candidates.set(candidate.number, candidate);
  }
  const list = [...candidates.values()];
  const imported = await insertMissingContacts(deps.em, companyId, connection.channel, list);
  return { imported, skipped: skipped + list.length - imported };
}
