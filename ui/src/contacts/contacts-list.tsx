import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useVirtualWindow } from '../tickets/list/use-virtual-window';
import { isNearBottom } from '../tickets/list/virtual-window';
import { CONTACT_ROW_HEIGHT, ContactRow, type ContactRowActions } from './contact-row';
import type { ContactList } from './use-contact-list';

/** The table-like virtualised contact list: a column header, then only the rows in view; pages in near the bottom. */
export function ContactsList({ list, actions }: { list: ContactList; actions: ContactRowActions }) {
  const { t } = useTranslation();
  const { contacts, hasMore, loading, loadMore, failed } = list;
  const onScrolled = useCallback(
    (el: HTMLDivElement) => {
      if (hasMore && isNearBottom(el)) loadMore();
    },
    [hasMore, loadMore],
  );
  const win = useVirtualWindow(contacts.length, CONTACT_ROW_HEIGHT, onScrolled);

  // A short first page may not fill the viewport: keep paging until it scrolls or runs out.
  useEffect(() => {
    const el = win.ref.current;
    if (el && !loading && hasMore && el.scrollHeight <= el.clientHeight + CONTACT_ROW_HEIGHT) loadMore();
  }, [loading, hasMore, loadMore, win.ref]);

  const empty = contacts.length === 0;
  return (
    <div className="contacts-table">
      <div className="contacts-grid contacts-table__head">
        <span />
        <span>{t('contacts.fields.name')}</span>
        <span>{t('contacts.fields.number')}</span>
        <span className="contacts-grid__wide">{t('contacts.fields.email')}</span>
        <span className="contacts-grid__wide">{t('contacts.fields.lastMessage')}</span>
        <span>{t('contacts.fields.status')}</span>
        <span className="contacts-table__actions-head">{t('contacts.fields.actions')}</span>
      </div>
      <div
        className="contacts-table__body"
        ref={win.ref}
        onScroll={win.onScroll}
        data-testid="contacts-list"
        data-count={list.count}
      >
        {empty && loading && <Spinner size={24} className="contacts-table__spinner" />}
        {empty && !loading && failed && (
          <div data-testid="contacts-failed">
            <NonIdealState
              icon="error"
              description={t('contacts.loadFailed')}
              action={<Button icon="refresh" text={t('contacts.retry')} onClick={list.reload} />}
            />
          </div>
        )}
        {empty && !loading && !failed && (
          <div data-testid="contacts-empty">
            <NonIdealState icon="id-number" description={t('contacts.empty')} />
          </div>
        )}
        {!empty && (
          <div style={{ height: win.totalHeight, position: 'relative' }}>
            <div style={{ transform: `translateY(${win.offset}px)` }}>
              {contacts.slice(win.start, win.end).map((c) => (
                <ContactRow key={c.id} contact={c} actions={actions} />
              ))}
            </div>
          </div>
        )}
        {!empty && loading && <Spinner size={18} className="contacts-table__more" />}
      </div>
    </div>
  );
}
