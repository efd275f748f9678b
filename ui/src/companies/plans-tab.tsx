import { type PlanDto, planCreateSchema, planUpdateSchema } from '@balcao/sdk';
import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLTable,
  InputGroup,
  Switch,
} from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { ConfirmFooter } from '../forms/confirm-footer';
import { DeleteAlert } from '../forms/delete-alert';
import { toFieldErrors } from '../forms/field-errors';
import { useZodForm } from '../forms/use-zod-form';
import { toastError, toastSuccess } from '../notify/toaster';
import { brl, createPlan, deletePlan, fetchPlans, submitDelay, updatePlan } from './admin-api';
import { initialPlanFlags, planFlagsInput } from './plan-flags';
import { PlanFlagsFields, usePluginPlanFlags } from './plan-flags-fields';
import { removeAndReload, useAdminList } from './use-admin-list';
import './companies.css';

/** Settings › Plans (super users): the plans with their limits and value; add, edit, delete. */
export function PlansTab() {
  const { t } = useTranslation();
  const { rows, reload } = useAdminList(fetchPlans, 'companies.loadError');
  const [editing, setEditing] = useState<PlanDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<PlanDto | null>(null);

  const handleDelete = () => {
    const plan = doomed;
    setDoomed(null);
    if (plan)
      void removeAndReload(() => deletePlan(plan.id), reload, {
        success: () => toastSuccess(t('companies.success')),
        failure: (err) => toastError(err, 'companies.deleteError'),
      });
  };

  return (
    <div className="companies" data-testid="plans-tab">
      <div className="admin-tab__tools">
        <Button
          intent="primary"
          icon="add"
          text={t('plans.add')}
          onClick={() => setEditing('new')}
          data-testid="plans-add"
        />
      </div>
      <HTMLTable compact striped className="list-screen__table" data-testid="plans-table">
        <thead>
          <tr>
            <th>{t('plans.name')}</th>
            <th>{t('plans.users')}</th>
            <th>{t('plans.connections')}</th>
            <th>{t('plans.queues')}</th>
            <th>{t('plans.amount')}</th>
            <th>{t('companies.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} data-testid={`plan-row-${p.id}`}>
              <td>
                {p.name}
                {!p.isPublic && <span className={Classes.TEXT_MUTED}> · {t('plans.private')}</span>}
              </td>
              <td>{p.users}</td>
              <td>{p.connections}</td>
              <td>{p.queues}</td>
              <td>{brl(p.amount)}</td>
              <td className="list-screen__actions">
                <Button
                  variant="minimal"
                  icon="edit"
                  aria-label={t('companies.edit')}
                  onClick={() => setEditing(p)}
                />
                <Button
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  aria-label={t('companies.delete.action')}
                  onClick={() => setDoomed(p)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {editing && (
        <PlanDialog
          plan={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
      <DeleteAlert ns="companies" doomed={doomed} onCancel={() => setDoomed(null)} onConfirm={handleDelete} />
    </div>
  );
}

const COUNTS = ['users', 'connections', 'queues', 'amount'] as const;

/**
 * Add or edit a plan: name, users, connections, queues, amount and every feature flag (spec part 2 §1, §3), the
 * plugins' declared flags grouped by plugin.
 */
function PlanDialog({ plan, onClose, onSaved }: { plan: PlanDto | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const plugins = usePluginPlanFlags();
  const { form, set, setForm, setErrors, validate, error, intent } = useZodForm(
    plan ? planUpdateSchema : planCreateSchema,
    {
      name: plan?.name ?? '',
      users: String(plan?.users ?? 1),
      connections: String(plan?.connections ?? 1),
      queues: String(plan?.queues ?? 1),
      amount: String(plan?.amount ?? 0),
      isPublic: plan?.isPublic ?? true,
      flags: initialPlanFlags(plan),
    },
  );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { flags, ...rest } = form;
    const input = validate({ ...rest, amount: rest.amount.replace(',', '.'), ...planFlagsInput(flags) });
    if (!input) return;
    setSaving(true);
    try {
      await submitDelay();
      if (plan) await updatePlan(plan.id, input);
      else await createPlan(input as Parameters<typeof createPlan>[0]);
      toastSuccess(t('companies.success'));
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields.length > 0) setErrors(toFieldErrors(err.fields));
      toastError(null, 'plans.saveError');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(plan ? 'plans.editTitle' : 'plans.addTitle')} icon="box">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <FormGroup
            label={t('plans.name')}
            labelFor="plan-name"
            helperText={error('name')}
            intent={intent('name')}
          >
            <InputGroup
              id="plan-name"
              value={form.name}
              onValueChange={set('name')}
              intent={intent('name')}
              data-testid="plan-name"
            />
          </FormGroup>
          <div className="plan-dialog__row">
            {COUNTS.map((field) => (
              <FormGroup
                key={field}
                label={t(`plans.${field}`)}
                labelFor={`plan-${field}`}
                helperText={error(field)}
                intent={intent(field)}
              >
                <InputGroup
                  id={`plan-${field}`}
                  inputMode={field === 'amount' ? 'decimal' : 'numeric'}
                  value={form[field]}
                  onValueChange={set(field)}
                  intent={intent(field)}
                  data-testid={`plan-${field}`}
                />
              </FormGroup>
            ))}
          </div>
          <Switch
            label={t('plans.isPublic')}
            checked={form.isPublic}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setForm((f) => ({ ...f, isPublic: checked }));
            }}
            data-testid="plan-public"
          />
          <p className={`${Classes.TEXT_MUTED} plan-dialog__hint`}>{t('plans.isPublicHint')}</p>
          <PlanFlagsFields
            flags={form.flags}
            plugins={plugins}
            onChange={(key, on) => setForm((f) => ({ ...f, flags: { ...f.flags, [key]: on } }))}
          />
        </DialogBody>
        <ConfirmFooter text={t('common.save')} busy={saving} onCancel={onClose} testId="plan-save" />
      </form>
    </Dialog>
  );
}
