import { useUiHost } from '@balcao/sdk/ui';
import { Button, Card, H3, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MAX_TASK_LENGTH,
  mergeTasks,
  parseStoredTasks,
  parseSynced,
  SYNCED_KEY,
  sameTasks,
  submitTask,
  TASKS_KEY,
  type Task,
  type TasksDto,
  versionOf,
} from '../shared/tasks';

const readLocal = (): Task[] => parseStoredTasks(localStorage.getItem(TASKS_KEY));
const writeLocal = (tasks: Task[]) => localStorage.setItem(TASKS_KEY, JSON.stringify(tasks));
/** What the server holds now, as far as this browser knows: the next visit tells deletions from additions by it. */
const writeSynced = (tasks: Task[]) => localStorage.setItem(SYNCED_KEY, JSON.stringify(tasks.map(versionOf)));

/**
 * /todolist (spec part 2 §2): 'Nova tarefa' with 'Adicionar' ('Salvar' while editing), the tasks with their time, edit
 * and delete. The browser's `tasks` is the offline copy; the server's follows the user to other browsers.
 */
export function TodoPage() {
  const { t, i18n } = useTranslation('todo');
  const { api, toastError } = useUiHost();
  const [tasks, setTasks] = useState<Task[]>(readLocal);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const synced = useRef(false);

  const store = useCallback(
    (next: Task[]) => {
      setTasks(next);
      writeLocal(next);
      // Offline the browser's copy stays; the next visit merges it with the server's.
      if (synced.current)
        api.put<TasksDto>('/todo', { tasks: next }).then(() => writeSynced(next), toastError);
    },
    [api, toastError],
  );

  useEffect(() => {
    api.get<TasksDto>('/todo').then(({ tasks: remote }) => {
      const merged = mergeTasks(readLocal(), remote, parseSynced(localStorage.getItem(SYNCED_KEY)));
      synced.current = true;
      setTasks(merged);
      writeLocal(merged);
      if (sameTasks(merged, remote)) writeSynced(merged);
      else api.put('/todo', { tasks: merged }).then(() => writeSynced(merged), toastError);
    }, toastError);
  }, [api, toastError]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = submitTask(tasks, text, editing, new Date().toISOString());
    if (!next) return;
    store(next);
    setText('');
    setEditing(null);
  };

  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="list-screen" data-testid="todo-page">
      <header className="page-header">
        <H3 className="page-header__title">{t('title')}</H3>
      </header>
      <form onSubmit={submit} style={{ display: 'flex', gap: 8 }}>
        <InputGroup
          fill
          placeholder={t('newTask')}
          aria-label={t('newTask')}
          value={text}
          maxLength={MAX_TASK_LENGTH}
          onValueChange={setText}
          data-testid="todo-input"
        />
        <Button type="submit" intent="primary" text={t(editing ? 'save' : 'add')} data-testid="todo-submit" />
      </form>
      <div className="list-screen__body">
        {tasks.length === 0 && <p className="bp6-text-muted list-screen__empty">{t('empty')}</p>}
        {tasks.map((task) => (
          <Card
            key={task.createdAt}
            compact
            style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8 }}
            data-testid="todo-task"
          >
            <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              <div>{task.text}</div>
              <small className="bp6-text-muted">{when.format(new Date(task.updatedAt))}</small>
            </div>
            <Button
              variant="minimal"
              icon="edit"
              aria-label={t('edit')}
              title={t('edit')}
              onClick={() => {
                setEditing(task.createdAt);
                setText(task.text);
              }}
              data-testid="todo-edit"
            />
            <Button
              variant="minimal"
              intent="danger"
              icon="trash"
              aria-label={t('delete')}
              title={t('delete')}
              onClick={() => store(tasks.filter((x) => x.createdAt !== task.createdAt))}
              data-testid="todo-delete"
            />
          </Card>
        ))}
      </div>
    </div>
  );
}
