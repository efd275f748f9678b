import { DeleteConfirmation, ListPage, useUiHost } from '@balcao/sdk/ui';
import { Button, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileListDto, FileListPageDto } from '../shared/file-list';
import { FileListDialog } from './file-list-dialog';
import './file-lists.css';

/** Spec part 2 §9: the search waits this long after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

/** /files (spec part 2 "File lists"): title with count, search, add, a table of names with edit and delete. */
export function FilesPage() {
  const { t } = useTranslation('file-lists');
  const { api, toastError, toastSuccess } = useUiHost();
  const [lists, setLists] = useState<FileListDto[]>([]);
  const [count, setCount] = useState(0);
  const [page, setPage] = useState({ number: 1, hasMore: false });
  const [search, setSearch] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [editing, setEditing] = useState<FileListDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<FileListDto | null>(null);

  const load = useCallback(
    async (searchParam: string, pageNumber: number) => {
      try {
        const answer = await api.get<FileListPageDto>('/files', { searchParam, pageNumber });
        setLists((shown) => (pageNumber === 1 ? answer.files : [...shown, ...answer.files]));
        setCount(answer.count);
        setPage({ number: pageNumber, hasMore: answer.hasMore });
      } catch (error) {
        toastError(error);
      } finally {
        setLoaded(true);
      }
    },
    [api, toastError],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(search, 1), search ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [load, search]);

  const saved = (list: FileListDto) => {
    setLists((shown) =>
      shown.some((l) => l.id === list.id)
        ? shown.map((l) => (l.id === list.id ? list : l))
        : [...shown, list],
    );
    if (editing === 'new') setCount((c) => c + 1);
    setEditing(null);
  };

  const remove = async () => {
    const target = doomed;
    setDoomed(null);
    if (!target) return;
    try {
      await api.delete(`/files/${target.id}`);
      setLists((shown) => shown.filter((l) => l.id !== target.id));
      setCount((c) => c - 1);
      toastSuccess(t('deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  // The dialogs sit beside the list: ListPage shows its empty text instead of its children.
  return (
    <>
      <ListPage
        title={t('title')}
        count={count}
        testId="files-page"
        actions={
          <div className="file-lists__actions">
            <InputGroup
              leftIcon="search"
              placeholder={t('search')}
              value={search}
              onValueChange={setSearch}
              data-testid="files-search"
            />
            <Button
              intent="primary"
              icon="add"
              text={t('add')}
              onClick={() => setEditing('new')}
              data-testid="file-list-add"
            />
          </div>
        }
        empty={loaded && !lists.length ? t('empty') : null}
      >
        <HTMLTable striped className="file-lists__table">
          <thead>
            <tr>
              <th>{t('columns.name')}</th>
              <th>{t('columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {lists.map((l) => (
              <tr key={l.id} data-testid={`file-list-row-${l.id}`}>
                <td>{l.name}</td>
                <td>
                  <Button
                    minimal
                    icon="edit"
                    aria-label={t('edit')}
                    title={t('edit')}
                    onClick={() => setEditing(l)}
                  />
                  <Button
                    minimal
                    icon="trash"
                    intent="danger"
                    aria-label={t('remove')}
                    title={t('remove')}
                    onClick={() => setDoomed(l)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {page.hasMore && (
          <Button minimal fill icon="more" onClick={() => void load(search, page.number + 1)} />
        )}
      </ListPage>
      {editing && (
        <FileListDialog
          list={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      <DeleteConfirmation
        ns="file-lists:list"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
