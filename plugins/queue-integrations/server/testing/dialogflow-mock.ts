import { createVerify, generateKeyPairSync } from 'node:crypto';
import type { MockHandler } from './mock-server.js';

/** A service account of the tests: a fresh key pair, its key file, and the public half the mock checks with. */
export function testServiceAccount(projectId = 'agente-teste') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const file = {
    type: 'service_account',
    project_id: projectId,
    client_email: `balcao@${projectId}.iam.gserviceaccount.com`,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  return { jsonContent: JSON.stringify(file), publicKey, clientEmail: file.client_email };
}

/**
 * Google's token URL and Dialogflow ES's detectIntent, enough for the engine: the token is granted only for an
 * assertion signed by `publicKey`'s pair; intents by the text: "oi" greets, "tchau" ends the conversation, "demora"
 * answers after 4 s, anything else has no answer. An audio query is answered with what it "heard": its bytes as text, its encoding and rate.
 */
export function dialogflowFlow(publicKey: () => import('node:crypto').KeyObject): MockHandler {
  return (req) => {
    if (req.path === '/token') {
      const assertion = new URLSearchParams(req.body).get('assertion') ?? '';
      const [h, c, s] = assertion.split('.');
      const ok =
        !!s &&
        createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey(), Buffer.from(s, 'base64url'));
      return ok
        ? { json: { access_token: 'token-de-teste', expires_in: 3600, token_type: 'Bearer' } }
        : { status: 400, json: { error: 'invalid_grant' } };
    }
    const detect = /^\/v2\/projects\/([\w-]+)\/agent\/sessions\/([\w-]+):detectIntent$/.exec(req.path);
    if (!detect || req.headers.authorization !== 'Bearer token-de-teste') return { status: 403, json: {} };
    const query = req.json<{
      queryInput: {
        text?: { text: string; languageCode: string };
        audioConfig?: { audioEncoding: string; sampleRateHertz: number; languageCode: string };
      };
      inputAudio?: string;
    }>();
    const audio = query.queryInput.audioConfig;
    if (audio) {
      const heard = Buffer.from(query.inputAudio ?? '', 'base64').toString('utf8');
      return {
        json: {
          queryResult: {
            queryText: heard,
            intent: { displayName: 'audio' },
            fulfillmentText: `Ouvi "${heard}" (${audio.audioEncoding}, ${audio.sampleRateHertz} Hz, ${audio.languageCode})`,
          },
        },
      };
    }
    const { text, languageCode } = query.queryInput.text ?? { text: '', languageCode: '' };
    if (text === 'oi')
      return {
        json: {
          queryResult: {
            intent: { displayName: 'saudacao' },
            fulfillmentMessages: [
              { text: { text: [`Olá! (${languageCode})`] } },
              { text: { text: ['Como posso ajudar?'] } },
            ],
          },
        },
      };
    // An agent that takes longer than any caller waits.
    if (text === 'demora') return { delayMs: 4_000, json: {} };
    if (text === 'tchau')
      return {
        json: {
          queryResult: {
            intent: { displayName: 'despedida', endInteraction: true },
            fulfillmentText: 'Até logo! Um atendente continua daqui.',
          },
        },
      };
    return {
      json: { queryResult: { intent: { displayName: 'Default Fallback Intent' }, fulfillmentText: '' } },
    };
  };
}
