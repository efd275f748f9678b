import { type ConnectionDto, type ContactDto, companyChannel, type TagDto } from '@balcao/sdk';
import { Alert, Button, H3, InputGroup, Menu, MenuItem, PopoverNext, Tooltip } from '@blueprintjs/core';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../notify/toaster';
import { isAdmin } from '../plugins/page-access';
import { useRealtimeResyncs, useSocketChannel } from '../realtime/socket';
import { requireUser, userAtom } from '../session/session-store';
import { NewTicketDialog } from '../tickets/dialogs/new-ticket-dialog';
import { OtherUserDialog } from '../tickets/dialogs/other-user-dialog';
import { newTicketDialogAtom } from '../tickets/shared/ticket-store';
import { fetchConnections } from '../tickets/shared/tickets-api';
import { useDebounced } from '../tickets/shared/use-debounced';
import { ContactDialog } from './contact-dialog';
import type { ContactRowActions } from './contact-row';
import { deleteContact, downloadContactsExport, fetchTags, setContactActive } from './contacts-api';
import { ContactsList } from './contacts-list';
import { ImportDialog } from './import-dialog';
import { PhoneImportAlert, phoneImportSource } from './phone-import-alert';
import { TagFilter } from './tag-filter';
import { applyTagEvent } from './tags-live';
import { useContactList } from './use-contact-list';
import './contacts.css';
import { CountTag } from '../lists/count-tag';
import { shownCount } from './contact-list-rules';

/** The contacts screen (spec part 1 §2 "Contacts screen"). */
export function ContactsScreen() {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search);
  const [tagIds, setTagIds] = useState<number[]>([]);
  const filter = useMemo(() => ({ searchParam, tagIds }), [searchParam, tagIds]);
  const list = useContactList(user.companyId, filter);
  const [tags, setTags] = useState<TagDto[]>([]);
  const resyncs = useRealtimeResyncs();
  const [connections, setConnections] = useState<ConnectionDto[]>([]);
  const [editing, setEditing] = useState<ContactDto | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [phoneImport, setPhoneImport] = useState<ConnectionDto | null>(null);
  const [doomed, setDoomed] = useState<ContactDto | null>(null);
  const [exporting, setExporting] = useState(false);
  const openNewTicket = useSetAtom(newTicketDialogAtom);
  const closeImport = useCallback(() => setImportOpen(false), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `resyncs` reloads what the socket missed while away.
  useEffect(() => {
    fetchTags().then(setTags, toastError);
    fetchConnections().then(setConnections, toastError);
  }, [resyncs]);
  // The tag filter follows the company's tags: the first one made shows at once.
  useSocketChannel(companyChannel(user.companyId, 'tag'), (data) =>
    setTags((current) => applyTagEvent(current, data)),
  );

  const actions = useMemo<ContactRowActions>(
    () => ({
      // The new-ticket dialog with this contact: its queue and connection rules apply here too (spec part 1 §5).
      onOpenTicket: (c) => openNewTicket({ contact: c }),
      onEdit: (c) => {
        setEditing(c);
        setDialogOpen(true);
      },
      onToggleBlock: async (c) => {
        try {
          await setContactActive(c.id, !c.active);
          toastSuccess(c.active ? t('contacts.toasts.blocked') : t('contacts.toasts.unblocked'));
        } catch (err) {
          toastError(err);
        }
      },
      onDelete: isAdmin(user) ? setDoomed : undefined,
    }),
    [openNewTicket, user, t],
  );

  const handleDelete = async () => {
    if (!doomed) return;
    try {
      await deleteContact(doomed.id);
      toastSuccess(t('contacts.toasts.deleted'));
    } catch (err) {
      toastError(err);
    } finally {
      setDoomed(null);
    }
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      await downloadContactsExport(filter);
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  // "Import from phone" reads the default connection's address book, where its channel can (its capabilities).
  const phoneSource = phoneImportSource(connections);
  return (
    <div className="list-screen" data-testid="contacts-screen">
      <header className="page-header">
        <H3 className="page-header__title">
          {t('contacts.title')}
          <CountTag
            count={shownCount(list, t)}
            title={list.countCapped ? t('contacts.countCappedHint', { count: list.count }) : undefined}
            loaded={list.loaded}
            className="contacts-screen__count"
            testId="contacts-count"
          />
        </H3>
        <div className="contacts-screen__tools">
          <InputGroup
            className="contacts-screen__search"
            leftIcon="search"
            type="search"
            placeholder={t('contacts.search')}
            aria-label={t('contacts.search')}
            value={search}
            onValueChange={setSearch}
            data-testid="contacts-search"
          />
          <TagFilter tags={tags} selected={tagIds} onChange={setTagIds} />
          <PopoverNext
            placement="bottom-end"
            content={
              <Menu data-testid="contacts-io-menu">
                <Tooltip
                  content={t('contacts.io.phoneUnavailable')}
                  disabled={phoneSource !== null}
                  placement="left"
                >
                  <MenuItem
                    icon="mobile-phone"
                    text={t('contacts.io.importPhone')}
                    disabled={phoneSource === null}
                    onClick={() => setPhoneImport(phoneSource)}
                    data-testid="import-phone"
                  />
                </Tooltip>
                <MenuItem
                  icon="import"
                  text={t('contacts.io.importSheet')}
                  onClick={() => setImportOpen(true)}
                  data-testid="import-sheet"
                />
                <MenuItem
                  icon="export"
                  text={t('contacts.io.exportSheet')}
                  onClick={handleExport}
                  disabled={exporting}
                  data-testid="export-sheet"
                />
              </Menu>
            }
          >
            <Button
              variant="outlined"
              icon="exchange"
              endIcon="caret-down"
              text={t('contacts.io.menu')}
              loading={exporting}
              data-testid="contacts-io"
            />
          </PopoverNext>
          <Button
            intent="primary"
            icon="add"
            text={t('contacts.add')}
            onClick={() => {
              setEditing(null);
              setDialogOpen(true);
            }}
            data-testid="contacts-add"
          />
        </div>
      </header>
      <ContactsList list={list} actions={actions} />
      <ContactDialog contact={editing} isOpen={dialogOpen} onClose={() => setDialogOpen(false)} />
      <ImportDialog isOpen={importOpen} onClose={closeImport} />
      <PhoneImportAlert
        connection={phoneImport}
        onClose={() => setPhoneImport(null)}
        onImported={list.reload}
      />
      <Alert
        isOpen={doomed !== null}
        icon="trash"
        intent="danger"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('contacts.delete.confirm')}
        onCancel={() => setDoomed(null)}
        onConfirm={handleDelete}
      >
        <p>
          <strong>{t('contacts.delete.title', { name: doomed?.name ?? '' })}</strong>
        </p>
        <p>{t('contacts.delete.text')}</p>
      </Alert>
      <NewTicketDialog />
      <OtherUserDialog />
    </div>
  );
}
