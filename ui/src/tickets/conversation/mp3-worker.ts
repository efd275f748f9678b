import { encodeMp3 } from './mp3';

export interface Mp3Job {
  channels: Float32Array[];
  sampleRate: number;
}

// Off the main thread: lame needs about two seconds for a minute of voice, which would freeze the ticket.
self.onmessage = ({ data }: MessageEvent<Mp3Job>) => {
  const mp3 = encodeMp3(data.channels, data.sampleRate);
  self.postMessage(mp3, { transfer: [mp3.buffer] });
};
