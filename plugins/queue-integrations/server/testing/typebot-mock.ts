import type { MockHandler } from './mock-server.js';

/** A 1×1 PNG, what the mock serves as a bubble's image. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const p = (...children: object[]) => ({ type: 'p', children });

/**
 * A Typebot chat API (v1: startChat, continueChat) with a small flow: a formatted welcome with an image and a choice
 * of two departments; "Vendas" answers with a video link and asks for a name; anything at the name step is greeted;
 * "transferir" answers a `#{"queueId":…}` command; a session it does not know is 404. `queueId` is the queue the
 * command names.
 */
export function typebotFlow(base: () => string, queueId: () => number): MockHandler {
  const sessions = new Map<string, { step: string; vars: Record<string, unknown> }>();
  let n = 0;
  return (req) => {
    if (req.method === 'GET' && req.path === '/files/logo.png')
      return { body: PIXEL_PNG, contentType: 'image/png' };
    const start = /^\/api\/v1\/typebots\/([\w.-]+)\/startChat$/.exec(req.path);
    if (start) {
      if (start[1] !== 'atendimento') return { status: 404, json: { message: 'Typebot not found' } };
      const sessionId = `s${++n}`;
      const { prefilledVariables: vars } = req.json<{ prefilledVariables: Record<string, unknown> }>();
      sessions.set(sessionId, { step: 'menu', vars });
      return {
        json: {
          sessionId,
          messages: [
            {
              id: 'm1',
              type: 'text',
              content: {
                type: 'richText',
                richText: [p({ text: 'Olá, ' }, { text: String(vars.name), bold: true }, { text: '!' })],
              },
            },
            { id: 'm2', type: 'image', content: { url: `${base()}/files/logo.png` } },
          ],
          input: {
            id: 'i1',
            type: 'choice input',
            items: [
              { id: 'a', content: 'Vendas' },
              { id: 'b', content: 'Suporte' },
            ],
          },
        },
      };
    }
    const cont = /^\/api\/v1\/sessions\/([\w-]+)\/continueChat$/.exec(req.path);
    const session = cont && sessions.get(cont[1]);
    if (!session) return { status: 404, json: { message: 'Session not found' } };
    const text = req.json<{ message: { text: string } }>().message.text;
    if (text === 'transferir')
      return {
        json: {
          messages: [
            {
              type: 'text',
              content: { type: 'richText', richText: [p({ text: `#{"queueId":${queueId()}}` })] },
            },
          ],
        },
      };
    if (session.step === 'menu') {
      if (text !== 'Vendas' && text !== 'Suporte')
        return {
          json: {
            messages: [
              {
                type: 'text',
                content: { type: 'richText', richText: [p({ text: 'Invalid message. Please, try again.' })] },
              },
            ],
            input: { type: 'choice input', items: [{ content: 'Vendas' }, { content: 'Suporte' }] },
          },
        };
      session.step = 'name';
      return {
        json: {
          messages: [
            {
              type: 'text',
              content: {
                type: 'richText',
                richText: [p({ text: `Você escolheu ${text}. Veja:`, italic: true })],
              },
            },
            { type: 'video', content: { type: 'youtube', url: 'https://www.youtube.com/watch?v=abc' } },
            { type: 'text', content: { type: 'richText', richText: [p({ text: 'Qual é o seu nome?' })] } },
          ],
          input: { type: 'text input' },
        },
      };
    }
    return {
      json: {
        messages: [
          {
            type: 'text',
            content: {
              type: 'richText',
              richText: [p({ text: `Obrigado, ${text}, ticket ${session.vars.ticketId}.` })],
            },
          },
        ],
      },
    };
  };
}
