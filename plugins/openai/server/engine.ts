import type { BotEngine, BotSelection, CorePorts, MessageDto, TicketDto } from '@balcao/sdk';
import type OpenAI from 'openai';
import { PROMPT_DEFAULTS, SPEECH_REGION } from '../shared/prompt.js';
import { asksForHuman, readReply, systemPrompt, toChatMessages } from './conversation.js';
import { egressFetch } from './egress-fetch.js';
import { type IPrompt, Prompt } from './prompt.entity.js';
import { apiKeyKey, voiceKeyKey } from './prompts-service.js';
import { type SpeechUrl, speak } from './speech.js';

export type EngineDeps = Pick<CorePorts, 'em' | 'config' | 'messages' | 'media' | 'http' | 'logger'> & {
  /** Where the prompt's speech provider is (Azure Speech, or the tests' mock). */
  speechUrl: SpeechUrl;
};

/** The engine's whole turn may take this long; one request to the model a little less, so its failure is named. */
export const ENGINE_TIMEOUT_MS = 45_000;
const requestTimeoutMs = () => {
  const fromEnv = Number(process.env.BALCAO_OPENAI_TIMEOUT_MS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? Math.min(fromEnv, 40_000) : 20_000;
};

/**
 * The prompt for the turn: the one stored with the selection (the queue's, connection's promptId), else the prompt
 * whose queue is the selecting queue or the ticket's (a queue that selects the engine without naming a prompt).
 */
async function promptFor(
  deps: EngineDeps,
  selection: BotSelection,
  ticket: TicketDto,
): Promise<IPrompt | null> {
  if (selection.promptId != null) return deps.em.findOne(Prompt, { id: selection.promptId });
  const queueId = selection.by === 'queue' ? selection.id : ticket.queueId;
  if (queueId == null) return null;
  return deps.em.findOne(Prompt, { queueId }, { orderBy: { id: 'asc' } });
}

/**
 * The OpenAI SDK, loaded by the first turn that uses it: some 25 MB of RSS that a server whose tenants have no AI
 * prompt never needs (issue 30, idle memory).
 */
let sdk: typeof import('openai') | undefined;
const loadSdk = async () => {
  sdk ??= await import('openai');
  return sdk;
};

/** Why a call to the model failed, in words for the attendants' note (never the key or the body). */
function describe(err: unknown): string {
  // Only a call made through the SDK fails with its errors, so it is loaded whenever these can match.
  if (sdk && err instanceof sdk.default.APIError && err.status) return `o modelo respondeu ${err.status}`;
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (sdk && err instanceof sdk.default.APIConnectionTimeoutError) return 'ERR_EGRESS_TIMEOUT';
  return err instanceof Error ? err.message : String(err);
}

async function transcribe(client: OpenAI, deps: EngineDeps, message: MessageDto, signal: AbortSignal) {
  const file = message.mediaUrl ? await deps.media.read(message.mediaUrl) : null;
  if (!file) throw new Error('áudio do contato não encontrado');
  const result = await client.audio.transcriptions.create(
    {
      file: await (await loadSdk()).toFile(file.data, file.fileName, { type: file.mimeType }),
      model: 'whisper-1',
    },
    { signal },
  );
  const text = result.text?.trim();
  if (!text) throw new Error('áudio sem transcrição');
  return text;
}

/**
 * The reply as a voice note when the prompt has a voice and its speech provider (key and region), else as text; a
 * provider that fails sends the text, so the contact still gets the answer.
 */
async function sendReply(deps: EngineDeps, prompt: IPrompt, ticketId: number, reply: string) {
  const key = prompt.voice !== 'texto' ? await deps.config.get(voiceKeyKey(prompt.id)) : null;
  if (key && SPEECH_REGION.test(prompt.voiceRegion)) {
    try {
      const media = await speak(deps, {
        url: deps.speechUrl(prompt.voiceRegion),
        key,
        voice: prompt.voice,
        text: reply,
        timeoutMs: requestTimeoutMs(),
      });
      await deps.messages.send({ ticketId, media: { url: media.url, type: media.type } });
      return;
    } catch (err) {
      deps.logger.warn({ err: describe(err), promptId: prompt.id }, 'openai: reply not spoken, sent as text');
    }
  }
  await deps.messages.send({ ticketId, body: reply });
}

/**
 * The OpenAI engine (`openai:prompt`): answers a conversation with an OpenAI-compatible model. The prompt is the
 * system message, then the ticket's last `maxMessages` messages; `maxTokens` and `temperature` go with the request.
 * A contact asking for a person, or an answer carrying the hand-off phrase, hands the ticket to the prompt's queue.
 * A failure (the model's error, a timeout, egress refused) throws: core writes a private note and hands the ticket to
 * humans, and no engine takes it again.
 */
export const promptEngine: BotEngine<EngineDeps> = {
  name: 'prompt',
  label: 'OpenAI',
  timeoutMs: ENGINE_TIMEOUT_MS,
  async handle({ message, ticket, deps, selection, signal }) {
    const prompt = await promptFor(deps, selection, ticket);
    if (!prompt) throw new Error('nenhum prompt de IA escolhido para esta fila ou conexão');
    const toHumans = { type: 'handoff' as const, queueId: prompt.queueId ?? ticket.queueId ?? undefined };
    if (asksForHuman(message.body)) return toHumans;

    const timeoutMs = requestTimeoutMs();
    const { default: OpenAI } = await loadSdk();
    const client = new OpenAI({
      apiKey: (await deps.config.get(apiKeyKey(prompt.id))) ?? 'sem-chave',
      baseURL: prompt.baseUrl || undefined,
      fetch: egressFetch(deps.http, timeoutMs),
      maxRetries: 0,
      timeout: timeoutMs,
    });
    let answer: string;
    try {
      const isAudio = message.mediaType === 'audio' && !message.body.trim();
      const current = {
        id: message.id,
        text: isAudio
          ? await transcribe(client, deps, message, signal).catch((err: unknown) => {
              // A compatible server without speech-to-text (many local ones): the note says it was the audio.
              throw new Error(`o áudio do contato não foi transcrito: ${describe(err)}`);
            })
          : message.body,
      };
      const history = await deps.messages.list({
        ticketId: ticket.id,
        limit: Math.min(200, prompt.maxMessages + 20),
      });
      const completion = await client.chat.completions.create(
        {
          model: prompt.model || PROMPT_DEFAULTS.model,
          messages: [
            { role: 'system', content: systemPrompt(prompt) },
            ...toChatMessages(history, prompt.maxMessages, current),
          ],
          max_tokens: prompt.maxTokens,
          temperature: Number(prompt.temperature),
        },
        { signal },
      );
      answer = completion.choices?.[0]?.message?.content?.trim() ?? '';
    } catch (err) {
      throw new Error(describe(err));
    }
    if (!answer) throw new Error('o modelo não respondeu nada');
    if (signal.aborted) return { type: 'continue' };
    const { reply, handoff } = readReply(answer);
    if (reply) await sendReply(deps, prompt, ticket.id, reply);
    return handoff ? toHumans : { type: 'reply-sent' };
  },
};
