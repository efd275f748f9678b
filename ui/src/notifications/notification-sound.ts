/**
 * The notification chime, synthesised with WebAudio (two short sine notes, no audio asset to license or ship).
 * Browsers start an AudioContext suspended until a user gesture: `unlockSound` is called from the first one.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  if (typeof AudioContext === 'undefined') return null;
  context = new AudioContext();
  return context;
}

export function unlockSound(): void {
  const ctx = audioContext();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
}

/** Plays the chime at `volume` (0..1, the top bar's slider); silent at 0. */
export function playNotificationSound(volume: number): void {
  if (volume <= 0) return;
  const ctx = audioContext();
  if (!ctx) return;
  const start = ctx.currentTime + 0.01;
  for (const [i, frequency] of [880, 1320].entries()) {
    const at = start + i * 0.14;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    // A quick attack and exponential decay: a soft "ding" instead of a click.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35 * volume, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.26);
  }
}
