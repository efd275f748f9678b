import type { HttpPort, MediaPort, StoredFile } from '@balcao/sdk';

/** Where a prompt's speech provider (Azure Speech) is reached for a region; tests point it at a local mock. */
export type SpeechUrl = (region: string) => string;

export const AZURE_SPEECH_URL: SpeechUrl = (region) =>
  `https://${region}.tts.speech.microsoft.com/cognitiveservices/v1`;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/**
 * The reply spoken with the prompt's voice: Azure's text-to-speech REST call (SSML in, Ogg/Opus out, the format of a
 * WhatsApp voice note), stored in the company's media. Throws on any failure; the engine then sends the text.
 */
export async function speak(
  deps: { http: HttpPort; media: MediaPort },
  input: { url: string; key: string; voice: string; text: string; timeoutMs: number },
): Promise<StoredFile> {
  const lang = input.voice.split('-').slice(0, 2).join('-');
  const res = await deps.http.request({
    url: input.url,
    method: 'POST',
    headers: {
      'ocp-apim-subscription-key': input.key,
      'content-type': 'application/ssml+xml',
      'x-microsoft-outputformat': 'ogg-16khz-16bit-mono-opus',
      'user-agent': 'balcao',
    },
    body: `<speak version='1.0' xml:lang='${lang}'><voice name='${input.voice}'>${escapeXml(input.text)}</voice></speak>`,
    timeoutMs: input.timeoutMs,
    retries: 0,
    maxBytes: 4 * 1024 * 1024,
  });
  if (res.status !== 200) throw new Error(`o provedor de voz respondeu ${res.status}`);
  if (!res.body.byteLength) throw new Error('o provedor de voz não mandou áudio');
  return deps.media.store({ data: res.body, fileName: 'resposta.ogg', mimeType: 'audio/ogg' });
}
