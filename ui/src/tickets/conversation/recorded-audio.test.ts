import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeMp3 } from './mp3';
import type { Mp3Job } from './mp3-worker';
import { recordingFile } from './recorded-audio';

const recording = new Blob([new Uint8Array(12_000)], { type: 'audio/webm;codecs=opus' });
const silence = (rate: number, seconds: number) => new Float32Array(rate * seconds);

/** A browser that decodes the recording to two seconds of stereo at 48 kHz. */
class DecodingContext {
  async decodeAudioData() {
    const channel = silence(48_000, 2);
    return { numberOfChannels: 2, sampleRate: 48_000, getChannelData: () => channel };
  }
}

/** Runs the worker's job in this thread, as the browser would in another. */
class InlineWorker {
  onmessage: ((event: { data: Uint8Array }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  postMessage({ channels, sampleRate }: Mp3Job) {
    queueMicrotask(() => this.onmessage?.({ data: encodeMp3(channels, sampleRate) }));
  }
  terminate() {}
}

afterEach(() => vi.unstubAllGlobals());

describe('recordingFile', () => {
  it('sends the recording as audio-<time>.mp3, audio/mpeg, at 16,000 bytes a second', async () => {
    vi.stubGlobal('OfflineAudioContext', DecodingContext);
    vi.stubGlobal('Worker', InlineWorker);
    const file = await recordingFile(recording, 1_700_000_000_000);
    expect(file.name).toBe('audio-1700000000000.mp3');
    expect(file.type).toBe('audio/mpeg');
    expect(file.size).toBeGreaterThan(32_000 * 0.85);
    expect(file.size).toBeLessThan(32_000 * 1.15);
  });

  it('sends the recording as made when this browser cannot decode it', async () => {
    vi.stubGlobal(
      'OfflineAudioContext',
      class {
        decodeAudioData = () =>
          Promise.reject(new DOMException('Unable to decode audio data', 'EncodingError'));
      },
    );
    const file = await recordingFile(recording, 1_700_000_000_000);
    expect(file.name).toBe('audio-1700000000000.webm');
    expect(file.type).toBe('audio/webm');
    expect(file.size).toBe(12_000);
  });

  it('sends the recording as made when the encoder cannot run', async () => {
    vi.stubGlobal('OfflineAudioContext', DecodingContext);
    vi.stubGlobal(
      'Worker',
      class extends InlineWorker {
        override postMessage() {
          queueMicrotask(() => this.onerror?.({ message: 'worker script failed to load' }));
        }
      },
    );
    const ogg = new Blob([new Uint8Array(12_000)], { type: 'audio/ogg;codecs=opus' });
    const file = await recordingFile(ogg, 1);
    expect([file.name, file.type]).toEqual(['audio-1.ogg', 'audio/ogg']);
  });
});
