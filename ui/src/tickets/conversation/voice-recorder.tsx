import { MIN_AUDIO_BYTES } from '@balcao/sdk';
import { Button, Tooltip } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, toastWarning } from '../../notify/toaster';
import { recordingFile } from './recorded-audio';

export const formatElapsed = (seconds: number): string =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Microphone → MediaRecorder with an mm:ss timer, cancel and send; the recording goes out as MP3 (see recordingFile).
 * Denied access goes to the shared notifier.
 */
export function VoiceRecorder({ disabled, onRecorded }: { disabled: boolean; onRecorded(file: File): void }) {
  const { t } = useTranslation();
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [preparing, setPreparing] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const keep = useRef(false);

  useEffect(() => {
    if (!recording) return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [recording]);

  // Leaving the ticket mid-recording releases the microphone.
  useEffect(
    () => () => {
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop();
    },
    [],
  );

  const handleRecorded = (file: File) => {
    // Spec part 1 §9: a recording under MIN_AUDIO_BYTES (as MP3, about 0.6 s) is an accidental tap, not a message.
    if (file.size < MIN_AUDIO_BYTES) {
      toastWarning(t('tickets.media.audioTooShort'));
      return;
    }
    onRecorded(file);
  };

  const start = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      showToast(t('tickets.media.micDenied'), 'danger', 'disable');
      return;
    }
    const rec = new MediaRecorder(stream);
    chunks.current = [];
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.current.push(e.data);
    };
    rec.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      if (!keep.current) return;
      setPreparing(true);
      void recordingFile(new Blob(chunks.current, { type: rec.mimeType || 'audio/webm' }))
        .then(handleRecorded)
        .finally(() => setPreparing(false));
    };
    recorder.current = rec;
    rec.start();
    setElapsed(0);
    setRecording(true);
  };

  const stop = (send: boolean) => {
    keep.current = send;
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
  };

  if (!recording) {
    return (
      <Tooltip content={t('tickets.media.record')} placement="top">
        <Button
          variant="minimal"
          icon="microphone"
          aria-label={t('tickets.media.record')}
          disabled={disabled}
          loading={preparing}
          onClick={() => void start()}
          data-testid="composer-record"
        />
      </Tooltip>
    );
  }
  return (
    <div className="voice-recorder" data-testid="voice-recorder">
      <Button
        variant="minimal"
        intent="danger"
        icon="cross"
        aria-label={t('tickets.media.cancelRecording')}
        onClick={() => stop(false)}
        data-testid="record-cancel"
      />
      <span className="voice-recorder__dot" />
      <time data-testid="record-timer">{formatElapsed(elapsed)}</time>
      <Button
        intent="primary"
        icon="tick"
        aria-label={t('tickets.media.sendRecording')}
        onClick={() => stop(true)}
        data-testid="record-send"
      />
    </div>
  );
}
