import { type ComponentType, createElement, type ReactNode } from 'react';
import type { TicketDto } from '../dto-attendance.js';
import { useUiHost } from './host.js';

/** A ticket as the shell's lists show it. @example <TicketRow ticket={ticket} /> */
export interface TicketRowProps {
  ticket: TicketDto;
  selected?: boolean;
  /** Left out: the row opens the ticket in the tickets screen. */
  onOpen?(ticket: TicketDto): void;
}

/** A contact's picture, or initials on a coloured disc. @example <ContactAvatar name="Ana" url={null} size={32} /> */
export interface ContactAvatarProps {
  name: string;
  url: string | null;
  size?: number;
}

/**
 * Asks before deleting `doomed` (open while set), with the texts under `{ns}.delete`: `title` (with `{{name}}`),
 * `text` and `confirm` — a plugin passes its namespace (`hello:greetings`).
 * @example <DeleteConfirmation ns="hello:greetings" doomed={doomed} onCancel={() => setDoomed(null)} onConfirm={remove} />
 */
export interface DeleteConfirmationProps {
  ns: string;
  doomed: { name: string } | null;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * A dialog's footer: Cancel, then the primary action (spinning while `busy`); without `onConfirm` it submits the form.
 * @example <FormFooter text={t('save')} busy={saving} onCancel={close} testId="greeting-save" />
 */
export interface FormFooterProps {
  text: string;
  busy: boolean;
  onCancel(): void;
  onConfirm?(): void;
  testId: string;
}

/**
 * A list screen as the shell's own: a header with the title, the count and the actions, the list, and what to say
 * when it is empty. @example <ListPage title={t('title')} count={rows.length} actions={<Button …/>} empty={t('none')}>…</ListPage>
 */
export interface ListPageProps {
  title: string;
  count?: number;
  actions?: ReactNode;
  /** Shown instead of the children when set (the list is empty): keep dialogs beside the ListPage, not in it. */
  empty?: string | null;
  testId?: string;
  children?: ReactNode;
}

/** A form's field errors, one message per field. @example { name: 'Required' } */
export type FormFieldErrors = Record<string, string>;

/** What `useSave` answers: `saving` while the action runs, and the runner. @example const { saving, save } = useSave(setErrors) */
export interface SaveHelper {
  saving: boolean;
  save(action: () => Promise<void>): Promise<void>;
}

/**
 * The shell's building blocks, provided through {@link useUiHost} so plugins render them without importing the shell.
 * Use the components exported beside this type rather than reading it.
 * @example const host: UiHost = { …, blocks: { TicketRow, ContactAvatar, DeleteConfirmation, FormFooter, ListPage, useSave } }
 */
export interface ShellBlocks {
  TicketRow: ComponentType<TicketRowProps>;
  ContactAvatar: ComponentType<ContactAvatarProps>;
  DeleteConfirmation: ComponentType<DeleteConfirmationProps>;
  FormFooter: ComponentType<FormFooterProps>;
  ListPage: ComponentType<ListPageProps>;
  useSave(setErrors: (errors: FormFieldErrors) => void): SaveHelper;
}

/** The shell's ticket row. @example <TicketRow ticket={ticket} /> */
export function TicketRow(props: TicketRowProps) {
  return createElement(useUiHost().blocks.TicketRow, props);
}

/** The shell's contact avatar. @example <ContactAvatar name={contact.name} url={contact.urlPicture} /> */
export function ContactAvatar(props: ContactAvatarProps) {
  return createElement(useUiHost().blocks.ContactAvatar, props);
}

/** The shell's delete confirmation. @example <DeleteConfirmation ns="hello:greetings" doomed={d} onCancel={c} onConfirm={r} /> */
export function DeleteConfirmation(props: DeleteConfirmationProps) {
  return createElement(useUiHost().blocks.DeleteConfirmation, props);
}

/** The shell's dialog footer. @example <FormFooter text={t('save')} busy={saving} onCancel={close} testId="x-save" /> */
export function FormFooter(props: FormFooterProps) {
  return createElement(useUiHost().blocks.FormFooter, props);
}

/** The shell's list page. @example <ListPage title={t('title')} count={rows.length}>{rows.map(renderRow)}</ListPage> */
export function ListPage(props: ListPageProps) {
  return createElement(useUiHost().blocks.ListPage, props);
}

/**
 * The shell's save helper: a refused save puts the server's field errors next to the fields and says why in a toast.
 * @example const { saving, save } = useSave(setErrors); void save(async () => { await api.post('/hello', body); close(); })
 */
export function useSave(setErrors: (errors: FormFieldErrors) => void): SaveHelper {
  return useUiHost().blocks.useSave(setErrors);
}
