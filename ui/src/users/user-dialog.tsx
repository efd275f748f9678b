import { type UserDto, userCreateSchema, userUpdateSchema } from '@balcao/sdk';
import {
  Checkbox,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionsAtom } from '../connections/connections-store';
import { ConfirmFooter } from '../forms/confirm-footer';
import { CurrentPasswordField } from '../forms/current-password-field';
import { PasswordInput } from '../forms/password-input';
import { useSave } from '../forms/use-save';
import { useZodForm } from '../forms/use-zod-form';
import { WppField } from '../forms/wpp-field';
import { toastSuccess } from '../notify/toaster';
import { userAtom } from '../session/session-store';
import { useCompanyQueues } from '../tickets/shared/use-queues';
import { createUser, updateUser } from './users-api';

interface Props {
  /** The user to edit; none to add one. */
  user: UserDto | null;
  onClose(): void;
}

/** Working hours are picked in steps of 10 minutes (spec part 1 §5: step 600 seconds). */
const TIME_STEP_S = 600;
/** The working-hours fields, each with its input's id (also its test id). */
const WORK_HOURS = [
  ['startWork', 'user-start-work'],
  ['endWork', 'user-end-work'],
] as const;

/**
 * Add or edit a user (spec part 1 §2 Users screen, §5 user form): name, e-mail, password (required to add, optional
 * to edit), profile, queues, default connection, working hours, allTicket, allowGroup and farewell message.
 */
export function UserDialog({ user, onClose }: Props) {
  const { t } = useTranslation();
  const queues = useCompanyQueues();
  const connections = useAtomValue(connectionsAtom) ?? [];
  const editing = user !== null;
  // Users changing their own password here are asked for the current one, as in the profile dialog.
  const self = useAtomValue(userAtom)?.id === user?.id;
  const { form, set, setErrors, validate, error, intent } = useZodForm(
    editing ? userUpdateSchema : userCreateSchema,
    {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      currentPassword: '',
      profile: user?.profile ?? 'user',
      queueIds: user?.queues.map((q) => q.id) ?? [],
      whatsappId: user?.whatsappId ?? null,
      wpp: user?.wpp ?? '',
      startWork: user?.startWork ?? '00:00',
      endWork: user?.endWork ?? '23:59',
      allTicket: user?.allTicket ?? 'disable',
      allowGroup: user?.allowGroup ?? false,
      farewellMessage: user?.farewellMessage ?? '',
    },
  );
  const { saving, save } = useSave(setErrors);
  // Changing one's own number (where reset codes go) or login e-mail asks for the current password too.
  const wppChanged = (form.wpp || '') !== (user?.wpp ?? '');
  const emailChanged = form.email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();
  const asksCurrent = self && Boolean(form.password || wppChanged || emailChanged);

  const toggleQueue = (id: number) =>
    set('queueIds')(
      form.queueIds.includes(id) ? form.queueIds.filter((q) => q !== id) : [...form.queueIds, id],
    );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ ...form, farewellMessage: form.farewellMessage || null });
    if (!input) return;
    await save(async () => {
      if (user) {
        // An empty password keeps the current one; the current one goes along when it was asked for.
        const { password, currentPassword, ...rest } = input as typeof input & {
          password?: string;
          currentPassword?: string;
        };
        await updateUser(user.id, {
          ...rest,
          ...(password ? { password } : {}),
          ...(asksCurrent ? { currentPassword } : {}),
        });
      } else await createUser(input as Parameters<typeof createUser>[0]);
      toastSuccess(t(editing ? 'users.saved' : 'users.created'));
      onClose();
    });
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(editing ? 'users.editTitle' : 'users.addTitle')}
      icon="person"
      className="user-dialog"
    >
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <div className="user-dialog__row">
            <FormGroup
              label={t('users.name')}
              labelFor="user-name"
              helperText={error('name')}
              intent={intent('name')}
            >
              <InputGroup
                id="user-name"
                value={form.name}
                onValueChange={set('name')}
                intent={intent('name')}
                autoFocus
                data-testid="user-name"
              />
            </FormGroup>
            <FormGroup
              label={t('users.email')}
              labelFor="user-email"
              helperText={error('email')}
              intent={intent('email')}
            >
              <InputGroup
                id="user-email"
                type="email"
                value={form.email}
                onValueChange={set('email')}
                intent={intent('email')}
                data-testid="user-email"
              />
            </FormGroup>
          </div>
          <div className="user-dialog__row">
            <FormGroup
              label={t('users.password')}
              labelInfo={editing ? t('common.optional') : undefined}
              labelFor="user-password"
              helperText={error('password') ?? (editing ? t('users.passwordHelp') : undefined)}
              intent={intent('password')}
            >
              <PasswordInput
                id="user-password"
                value={form.password}
                onValueChange={set('password')}
                intent={intent('password')}
                autoComplete="new-password"
                data-testid="user-password"
              />
            </FormGroup>
            <FormGroup label={t('users.profile')} labelFor="user-profile">
              <HTMLSelect
                id="user-profile"
                fill
                value={form.profile}
                onChange={(e) => set('profile')(e.currentTarget.value as UserDto['profile'])}
                options={[
                  { value: 'user', label: t('users.profiles.user') },
                  { value: 'admin', label: t('users.profiles.admin') },
                  // Supervisor exists (quick replies, spec part 2) but is not offered: kept when a user has it.
                  ...(user?.profile === 'supervisor'
                    ? [{ value: 'supervisor', label: t('users.profiles.supervisor') }]
                    : []),
                ]}
                data-testid="user-profile"
              />
            </FormGroup>
          </div>
          <WppField
            idPrefix="user"
            value={form.wpp ?? ''}
            onValueChange={set('wpp')}
            error={error('wpp')}
            intent={intent('wpp')}
          />
          {asksCurrent && (
            <CurrentPasswordField
              idPrefix="user"
              value={form.currentPassword}
              onValueChange={set('currentPassword')}
              error={error('currentPassword')}
              intent={intent('currentPassword')}
            />
          )}
          <FormGroup label={t('users.queues')}>
            <div className="user-dialog__queues" data-testid="user-queues">
              {queues.length === 0 && <span className="bp6-text-muted">{t('users.noQueues')}</span>}
              {queues.map((q) => (
                <Checkbox
                  key={q.id}
                  inline
                  checked={form.queueIds.includes(q.id)}
                  onChange={() => toggleQueue(q.id)}
                  labelElement={
                    <span className="user-dialog__queue">
                      <span className="user-dialog__swatch" style={{ background: q.color }} />
                      {q.name}
                    </span>
                  }
                  data-testid={`user-queue-${q.id}`}
                />
              ))}
            </div>
          </FormGroup>
          <div className="user-dialog__row">
            <FormGroup label={t('users.connection')} labelFor="user-connection">
              <HTMLSelect
                id="user-connection"
                fill
                value={form.whatsappId ?? ''}
                onChange={(e) =>
                  set('whatsappId')(e.currentTarget.value ? Number(e.currentTarget.value) : null)
                }
                options={[
                  { value: '', label: t('users.noConnection') },
                  ...connections.map((c) => ({ value: c.id, label: c.name })),
                ]}
                data-testid="user-connection"
              />
            </FormGroup>
            {WORK_HOURS.map(([field, id]) => (
              <FormGroup
                key={field}
                label={t(`users.${field}`)}
                labelFor={id}
                helperText={error(field)}
                intent={intent(field)}
              >
                <InputGroup
                  id={id}
                  type="time"
                  step={TIME_STEP_S}
                  value={form[field]}
                  onValueChange={set(field)}
                  intent={intent(field)}
                  data-testid={id}
                />
              </FormGroup>
            ))}
          </div>
          <Switch
            label={t('users.allTicket')}
            checked={form.allTicket === 'enable'}
            onChange={(e) => set('allTicket')(e.currentTarget.checked ? 'enable' : 'disable')}
            data-testid="user-all-ticket"
          />
          <Switch
            label={t('users.allowGroup')}
            checked={form.allowGroup}
            onChange={(e) => set('allowGroup')(e.currentTarget.checked)}
            data-testid="user-allow-group"
          />
          <FormGroup
            label={t('users.farewellMessage')}
            labelInfo={t('common.optional')}
            labelFor="user-farewell"
          >
            <TextArea
              id="user-farewell"
              fill
              rows={2}
              value={form.farewellMessage ?? ''}
              onChange={(e) => set('farewellMessage')(e.currentTarget.value)}
              data-testid="user-farewell"
            />
          </FormGroup>
        </DialogBody>
        <ConfirmFooter text={t('common.save')} busy={saving} onCancel={onClose} testId="user-save" />
      </form>
    </Dialog>
  );
}
