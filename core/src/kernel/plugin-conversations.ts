import { AppError, type ChannelConnection, type ConversationsPort, type SessionStore } from '@balcao/sdk';
import type { Cradle } from './container.js';

/**
 * Core's ConversationsPort as one plugin sees it: the shared service, plus `connectionStore` limited to connections of
 * the channels that plugin contributes — a webhook may read its own connection's credentials, never another
 * channel's (a WhatsApp session's keys stay with the WhatsApp plugin). The connection is looked up again by id, so a
 * made-up ChannelConnection opens nothing.
 */
export function pluginConversations(
  port: ConversationsPort,
  ownKinds: readonly string[],
  root: Pick<Cradle, 'orm' | 'sessions'>,
): ConversationsPort {
  async function connectionStore(connection: ChannelConnection): Promise<SessionStore> {
    if (!ownKinds.includes(connection.channel)) throw new AppError('ERR_NO_PERMISSION', 403);
    if (!Number.isInteger(connection.id) || connection.id <= 0) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    const [row] = await root.orm.em
      .getConnection()
      .execute<{ id: number }[]>('select id from whatsapps where id = ? and company_id = ? and channel = ?', [
        connection.id,
        connection.companyId,
        connection.channel,
      ]);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    return root.sessions.store(connection.id);
  }
  return new Proxy(port, {
    get(target, prop) {
      if (prop === 'connectionStore') return connectionStore;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
