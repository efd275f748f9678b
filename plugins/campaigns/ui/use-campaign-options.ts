import { useUiHost } from '@balcao/sdk/ui';
import { useEffect, useState } from 'react';

export interface Option {
  id: number;
  name: string;
}

/** What the modal offers: the company's connections, tags and contact lists (lists: none when that plugin is off). */
export function useCampaignOptions() {
  const { api } = useUiHost();
  const [options, setOptions] = useState<{ connections: Option[]; tags: Option[]; lists: Option[] }>({
    connections: [],
    tags: [],
    lists: [],
  });
  useEffect(() => {
    let live = true;
    const names = (rows: unknown) =>
      Array.isArray(rows) ? rows.map((r: Option) => ({ id: r.id, name: r.name })) : [];
    void Promise.all([
      api.get<Option[]>('/whatsapp').then(names, () => []),
      api.get<Option[]>('/tags/list').then(names, () => []),
      api.get<Option[]>('/contact-lists/list').then(names, () => []),
    ]).then(([connections, tags, lists]) => {
      if (live) setOptions({ connections, tags, lists });
    });
    return () => {
      live = false;
    };
  }, [api]);
  return options;
}
