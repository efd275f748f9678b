import type { Mp3Job } from './mp3-worker';

const MP3_TYPE = 'audio/mpeg';
/** An MPEG-1 rate, and Opus's own (what Chrome and Firefox record), so decoding their recordings does not resample. */
const DECODE_RATE = 48_000;

/** The recording's samples. An offline context needs no audio device, and decodes at its own rate. */
async function decode(recorded: Blob): Promise<AudioBuffer> {
  return new OfflineAudioContext(1, 1, DECODE_RATE).decodeAudioData(await recorded.arrayBuffer());
}

function encodeInWorker(job: Mp3Job): Promise<Blob> {
  const worker = new Worker(new URL('./mp3-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Blob>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<Uint8Array<ArrayBuffer>>) =>
      resolve(new Blob([data], { type: MP3_TYPE }));
    worker.onerror = (event) => reject(new Error(event.message));
    worker.postMessage(job);
  }).finally(() => worker.terminate());
}

const extensionOf = (type: string) => (type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm');

/**
 * The file to send for a recording: MP3 at 128 kbit/s (spec part 1 §9) or, when this browser cannot decode its own
 * recording or run the encoder, the recording as made rather than lose the attendant's message.
 */
export async function recordingFile(recorded: Blob, at = Date.now()): Promise<File> {
  try {
    const audio = await decode(recorded);
    const channels = Array.from({ length: audio.numberOfChannels }, (_, i) => audio.getChannelData(i));
    const mp3 = await encodeInWorker({ channels, sampleRate: audio.sampleRate });
    return new File([mp3], `audio-${at}.mp3`, { type: MP3_TYPE });
  } catch {
    const type = recorded.type.split(';')[0] || 'audio/webm';
    return new File([recorded], `audio-${at}.${extensionOf(type)}`, { type });
  }
}
