import { Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { fetchAnnouncementImage } from './announcements-api';

/**
 * An announcement's image, read with the session's token and shown from a local object URL (freed on unmount).
 * `version` (the stored name) reads it again when the image changes.
 */
export function AnnouncementImage({ id, version, alt }: { id: number; version: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new image (its stored name) is read again.
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setUrl(null);
    setFailed(false);
    fetchAnnouncementImage(id, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id, version]);

  if (failed) return null;
  if (!url) return <Spinner size={24} />;
  return <img className="announcement-image" src={url} alt={alt} data-testid="announcement-image" />;
}
