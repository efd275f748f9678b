import type { BotEngine, HttpPort } from '@balcao/sdk';
import {
  type DialogflowLanguage,
  parseServiceAccount,
  type TestSessionDto,
} from '../../shared/integration.js';
import type { IntegrationDeps } from '../deps.js';
import { integrationErrors } from '../errors.js';
import { recordFor, sendReplies } from './common.js';
import { accessToken, GOOGLE_TOKEN_URL } from './google-token.js';

/** Where the plugin reaches Google; tests point both at a local mock. */
export interface GoogleEndpoints {
  dialogflowUrl: string;
  tokenUrl: string;
}
export const GOOGLE_ENDPOINTS: GoogleEndpoints = {
  dialogflowUrl: 'https://dialogflow.googleapis.com',
  tokenUrl: GOOGLE_TOKEN_URL,
};

interface QueryResult {
  fulfillmentText?: string;
  fulfillmentMessages?: { text?: { text?: string[] } }[];
  intent?: { displayName?: string; endInteraction?: boolean };
  diagnosticInfo?: { end_conversation?: boolean };
}

/** One detectIntent call (Dialogflow ES v2 REST) for the text in the session. */
export async function detectIntent(
  http: HttpPort,
  endpoints: GoogleEndpoints,
  agent: { projectName: string; jsonContent: string; language: DialogflowLanguage },
  sessionId: string,
  query: string | AgentAudio,
  timeoutMs: number,
): Promise<{ intent: string | null; texts: string[]; end: boolean }> {
  const account = parseServiceAccount(agent.jsonContent);
  if (!account) throw new Error('o arquivo da conta de serviço é inválido');
  const token = await accessToken(http, account, endpoints.tokenUrl);
  const project = encodeURIComponent(agent.projectName);
  const res = await http.request({
    url: `${endpoints.dialogflowUrl.replace(/\/+$/, '')}/v2/projects/${project}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    json:
      typeof query === 'string'
        ? { queryInput: { text: { text: query.slice(0, 256), languageCode: agent.language } } }
        : {
            queryInput: {
              audioConfig: {
                audioEncoding: query.encoding,
                sampleRateHertz: query.sampleRateHertz,
                languageCode: agent.language,
              },
            },
            inputAudio: Buffer.from(query.data).toString('base64'),
          },
    timeoutMs,
    maxBytes: 512 * 1024,
  });
  if (res.status !== 200) throw new Error(`o Dialogflow respondeu ${res.status}`);
  const result = res.json<{ queryResult?: QueryResult }>().queryResult ?? {};
  const fromMessages = (result.fulfillmentMessages ?? [])
    .flatMap((m) => m.text?.text ?? [])
    .filter((t) => t.trim());
  const texts = fromMessages.length
    ? fromMessages
    : result.fulfillmentText?.trim()
      ? [result.fulfillmentText]
      : [];
  const end = !!result.intent?.endInteraction || !!result.diagnosticInfo?.end_conversation;
  return { intent: result.intent?.displayName ?? null, texts, end };
}

/** A contact's voice note as detectIntent takes it (Dialogflow ES v2 `inputAudio`). */
export interface AgentAudio {
  data: Uint8Array;
  encoding: 'AUDIO_ENCODING_OGG_OPUS';
  sampleRateHertz: number;
}

/** Dialogflow takes about a minute of audio in one query; a longer note is refused here rather than by Google. */
const AUDIO_MAX_BYTES = 1024 * 1024;

/**
 * Voice notes as Dialogflow ES hears them: WhatsApp's are Opus in Ogg at 16 kHz. Other formats (mp3, m4a) it cannot
 * decode: the turn fails and humans take the ticket, as for any failure.
 */
function audioOf(file: { data: Uint8Array; mimeType: string }): AgentAudio {
  const type = file.mimeType.split(';')[0].trim().toLowerCase();
  if (type !== 'audio/ogg') throw new Error(`o Dialogflow não ouve áudio ${type || 'sem tipo'}`);
  if (file.data.byteLength > AUDIO_MAX_BYTES) throw new Error('o áudio é longo demais para o Dialogflow');
  return { data: file.data, encoding: 'AUDIO_ENCODING_OGG_OPUS', sampleRateHertz: 16_000 };
}

/** What the contact reads when the agent has no answer (peer §2.6's pt-BR text), in the agent's language. */
const NOT_UNDERSTOOD: Record<DialogflowLanguage, string> = {
  'pt-BR': 'Não consegui entender sua dúvida.',
  en: 'I could not understand your question.',
  es: 'No pude entender su pregunta.',
};

/** What the agent is asked: the text, or the contact's voice note itself (peer §2.6). */
async function queryOf(
  deps: IntegrationDeps,
  message: { body: string; mediaType: string; mediaUrl?: string | null },
): Promise<string | AgentAudio> {
  if (message.mediaType !== 'audio' || message.body.trim()) return message.body || ' ';
  const file = message.mediaUrl ? await deps.media.read(message.mediaUrl) : null;
  if (!file) throw new Error('áudio do contato não encontrado');
  return audioOf(file);
}

/**
 * Dialogflow (peer §2.6): each text, or voice note, goes to the agent's session of the contact; its fulfilment messages
 * are sent; an empty answer sends "*{name}:* Não consegui entender sua dúvida."; an end-of-conversation intent hands the ticket to
 * its queue's humans.
 */
export function dialogflowEngine(endpoints: GoogleEndpoints): BotEngine<IntegrationDeps> {
  return {
    name: 'dialogflow',
    label: 'Dialogflow',
    planFlag: 'useIntegration',
    timeoutMs: 30_000,
    async handle({ deps, ticket, contact, message, selection, signal }) {
      const record = await recordFor(deps, selection, 'dialogflow');
      const jsonContent = await deps.records.credentials(record.id);
      if (!jsonContent || !record.projectName)
        throw new Error(`a integração "${record.name}" não tem credenciais`);
      const language = (record.language ?? 'pt-BR') as DialogflowLanguage;
      const { texts, end } = await detectIntent(
        deps.http,
        endpoints,
        { projectName: record.projectName, jsonContent, language },
        `contact-${contact.id}`,
        await queryOf(deps, message),
        deps.limits.requestTimeoutMs,
      );
      const replies = texts.length ? texts : [`*${record.name}:* ${NOT_UNDERSTOOD[language]}`];
      await sendReplies(
        deps,
        ticket.id,
        replies.map((body) => ({ kind: 'text' as const, body })),
        500,
        signal,
      );
      return end ? { type: 'handoff' } : { type: 'reply-sent' };
    },
  };
}

/** `POST /api/queueIntegration/testSession`: asks the agent once and answers what it said. */
export async function testSession(
  deps: IntegrationDeps,
  endpoints: GoogleEndpoints,
  input: {
    integrationId?: number | null;
    projectName: string;
    jsonContent: string | null;
    language: DialogflowLanguage;
    text: string | null;
  },
): Promise<TestSessionDto> {
  const jsonContent =
    input.jsonContent ?? (input.integrationId ? await deps.records.credentials(input.integrationId) : null);
  if (!jsonContent) throw integrationErrors.raise('ERR_INTEGRATION_NOT_FOUND');
  try {
    const { intent, texts } = await detectIntent(
      deps.http,
      endpoints,
      { projectName: input.projectName, jsonContent, language: input.language },
      `balcao-test-${Date.now()}`,
      input.text ?? 'Olá',
      deps.limits.requestTimeoutMs,
    );
    return { intent, answer: texts.join('\n') };
  } catch (err) {
    throw integrationErrors.raise('ERR_DIALOGFLOW_FAILED', {
      reason: err instanceof Error ? err.message : String(err),
    });
  }
}
