import { Mp3Encoder } from '@breezystack/lamejs';

/** Spec part 1 §9: recorded audio is sent as MP3 at 128 kbit/s. */
export const MP3_KBPS = 128;

/** Samples handed to lame per call: a whole number of its 1152-sample frames. */
const BLOCK = 1152 * 16;

/** Averages the channels (a voice note needs no stereo) and converts to the 16-bit PCM lame takes. */
export function downmixToInt16(channels: readonly Float32Array[]): Int16Array {
  const length = channels[0]?.length ?? 0;
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    let sum = 0;
    for (const channel of channels) sum += channel[i];
    const s = Math.max(-1, Math.min(1, sum / channels.length));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/**
 * Encodes PCM as channels of Float32 samples in [-1, 1] (what `AudioBuffer.getChannelData` gives) to a mono
 * constant-bitrate MP3 at 128 kbit/s.
 */
export function encodeMp3(channels: readonly Float32Array[], sampleRate: number): Uint8Array<ArrayBuffer> {
  const pcm = downmixToInt16(channels);
  const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += BLOCK) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + BLOCK)));
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    // lame hands back Int8Array despite its typings; copy the bytes as they are.
    out.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), offset);
    offset += part.byteLength;
  }
  return out;
}
