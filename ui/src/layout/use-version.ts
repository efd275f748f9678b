import { useEffect, useState } from 'react';
import { api } from '../api/http';

let cached: Promise<string | null> | null = null;

/** `GET /api/version`, fetched once per page load; null while unknown or on failure. */
export function useVersion(): string | null {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    cached ??= api.get<{ version?: unknown }>('/version').then(
      (res) => (typeof res?.version === 'string' ? res.version : null),
      () => null,
    );
    let alive = true;
    void cached.then((v) => {
      if (alive) setVersion(v);
    });
    return () => {
      alive = false;
    };
  }, []);
  return version;
}
