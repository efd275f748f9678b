import { describe, expect, it } from 'vitest';
import { downmixToInt16, encodeMp3 } from './mp3';

const sine = (hz: number, sampleRate: number, seconds: number): Float32Array =>
  Float32Array.from(
    { length: sampleRate * seconds },
    (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / sampleRate),
  );

/** The fields of an MPEG audio frame header (ISO 11172-3 §2.4.2.3) the recorder relies on. */
function frameHeader(bytes: Uint8Array) {
  return {
    sync: (bytes[0] << 4) | (bytes[1] >> 4),
    version: (bytes[1] >> 3) & 0b1, // 1 = MPEG-1
    layer: (bytes[1] >> 1) & 0b11, // 0b01 = Layer III
    bitrateIndex: bytes[2] >> 4,
    sampleRateIndex: (bytes[2] >> 2) & 0b11,
    channelMode: bytes[3] >> 6, // 0b11 = mono
  };
}

/** MPEG-1 Layer III: bitrate index 9 is 128 kbit/s; sample-rate index 0 is 44,100 Hz, 1 is 48,000 Hz. */
const MPEG1_L3_128K = 9;

describe('encodeMp3', () => {
  it.each([
    [44_100, 0],
    [48_000, 1],
  ])(
    'encodes a second of a 440 Hz tone at %i Hz as MPEG-1 Layer III mono at 128 kbit/s',
    (rate, rateIndex) => {
      const mp3 = encodeMp3([sine(440, rate, 1)], rate);
      expect(frameHeader(mp3)).toEqual({
        sync: 0xfff,
        version: 1,
        layer: 0b01,
        bitrateIndex: MPEG1_L3_128K,
        sampleRateIndex: rateIndex,
        channelMode: 0b11,
      });
      // 128 kbit/s is 16,000 bytes a second.
      expect(mp3.byteLength).toBeGreaterThan(16_000 * 0.85);
      expect(mp3.byteLength).toBeLessThan(16_000 * 1.15);
    },
  );

  it('downmixes stereo to one channel and grows with the length of the recording', () => {
    const tone = sine(440, 48_000, 3);
    const mp3 = encodeMp3([tone, tone], 48_000);
    expect(frameHeader(mp3).channelMode).toBe(0b11);
    expect(mp3.byteLength).toBeGreaterThan(48_000 * 0.85);
    expect(mp3.byteLength).toBeLessThan(48_000 * 1.15);
  });
});

describe('downmixToInt16', () => {
  it('averages the channels and clips to the 16-bit range', () => {
    const left = Float32Array.from([1, -1, 0.5, 2]);
    const right = Float32Array.from([1, -1, -0.5, 2]);
    expect([...downmixToInt16([left, right])]).toEqual([0x7fff, -0x8000, 0, 0x7fff]);
  });
});
