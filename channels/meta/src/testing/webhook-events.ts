import { sign } from '../signature.js';

/** A webhook delivery as Meta posts it: the JSON text and the headers, signed with `appSecret`. */
export function signedDelivery(payload: unknown, appSecret: string) {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body, appSecret) },
  };
}

/** One messaging event in a delivery for the account `account` (a page id, or an Instagram account id). */
export function delivery(object: 'page' | 'instagram', account: string, messaging: object[]) {
  return { object, entry: [{ id: account, time: Date.now(), messaging }] };
}

/** A contact's text message. */
export const textEvent = (account: string, from: string, mid: string, text: string) => ({
  sender: { id: from },
  recipient: { id: account },
  timestamp: Date.now(),
  message: { mid, text },
});
