import { companyChannel } from '@balcao/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '../notify/toaster';
import { useReloadOnResync, useSocketChannel } from '../realtime/socket';
import {
  appendPage,
  applyContactDelete,
  applyContactUpdate,
  EMPTY_CONTACTS,
  parseContactEvent,
} from './contact-list-rules';
import { type ContactFilter, type ContactPage, fetchContactPage } from './contacts-api';

export interface ContactList extends ContactPage {
  loading: boolean;
  /** The current filter's first answer has come (until then `count` is not known). */
  loaded: boolean;
  /** The first page failed to load (spec part 1 §8 "list load failure"). */
  failed: boolean;
  loadMore(): void;
  reload(): void;
}

/** The server-paged contacts for a filter, kept live by contact events (spec part 1 §4 "Live updates"). */
export function useContactList(companyId: number, filter: ContactFilter): ContactList {
  const [state, setState] = useState<ContactPage>(EMPTY_CONTACTS);
  // Loading from the first render (the first page is asked for on mount): an empty list is not "no contacts" yet.
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const page = useRef(1);
  const inFlight = useRef<AbortController | null>(null);
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const key = JSON.stringify(filter);

  const load = useCallback((pageNumber: number) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    fetchContactPage(filterRef.current, pageNumber, controller.signal)
      .then((result) => {
        page.current = pageNumber;
        setFailed(false);
        setState((s) => (pageNumber === 1 ? result : appendPage(s, result)));
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        if (pageNumber === 1) setFailed(true);
        toastError(err);
      })
      .finally(() => {
        if (inFlight.current === controller) {
          inFlight.current = null;
          setLoading(false);
          setLoaded(true);
        }
      });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the filter's value.
  useEffect(() => {
    setState(EMPTY_CONTACTS);
    setLoaded(false);
    load(1);
    return () => inFlight.current?.abort();
  }, [key, load]);
  // Contact events missed while the socket was away (or before it first connected): the first page again.
  useReloadOnResync(() => load(1));

  const loadMore = useCallback(() => {
    if (inFlight.current || !state.hasMore) return;
    load(page.current + 1);
  }, [load, state.hasMore]);
  const reload = useCallback(() => load(1), [load]);

  useSocketChannel(companyChannel(companyId, 'contact'), (data) => {
    const event = parseContactEvent(data);
    if (!event) return;
    if (event.action === 'reload') return load(1);
    // The delete of the contact that went and the update of the one left came before: the list already follows.
    if (event.action === 'merged') return;
    setState((s) =>
      event.action === 'update'
        ? applyContactUpdate(s, event.contact, filterRef.current)
        : applyContactDelete(s, event.contactId),
    );
  });

  return { ...state, loading, loaded, failed, loadMore, reload };
}
