import { useEffect, useState } from 'react';
import { api } from '../api/http';

/** What `GET /api/version` tells: the release, and where "call support" leads (null: no support link). */
export interface SystemInfo {
  version: string | null;
  supportUrl: string | null;
}

const UNKNOWN: SystemInfo = { version: null, supportUrl: null };
let cached: Promise<SystemInfo> | null = null;

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
// Only a web link may become a button's target (never `javascript:`), whatever the server answered.
const webLink = (v: unknown) => {
  const link = text(v);
  return link && /^https?:\/\//i.test(link) ? link : null;
};

/** `GET /api/version`, fetched once per page load; unknown while loading or on failure. */
export function useSystemInfo(): SystemInfo {
  const [info, setInfo] = useState<SystemInfo>(UNKNOWN);
  useEffect(() => {
    cached ??= api.get<{ version?: unknown; supportUrl?: unknown }>('/version').then(
      (res) => ({ version: text(res?.version), supportUrl: webLink(res?.supportUrl) }),
      () => UNKNOWN,
    );
    let alive = true;
    void cached.then((v) => {
      if (alive) setInfo(v);
    });
    return () => {
      alive = false;
    };
  }, []);
  return info;
}

/** The release Balcão runs; null while unknown. */
export const useVersion = (): string | null => useSystemInfo().version;
