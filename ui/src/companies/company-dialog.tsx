import {
  type CompanyDto,
  companyCreateSchema,
  companyUpdateSchema,
  dateField,
  type PlanDto,
  RECURRENCE_MONTHS,
  type Recurrence,
} from '@balcao/sdk';
import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { ConfirmFooter } from '../forms/confirm-footer';
import { toFieldErrors } from '../forms/field-errors';
import { PasswordInput } from '../forms/password-input';
import { useZodForm } from '../forms/use-zod-form';
import { toastError, toastSuccess } from '../notify/toaster';
import { createCompany, fetchPlans, submitDelay, updateCompany } from './admin-api';

interface Props {
  company: CompanyDto | null;
  onClose(): void;
  onSaved(): void;
}

/**
 * Add or edit a company (spec part 2 §3, §5, §9): name, e-mail, phone, document, plan, active, due date, recurrence,
 * attendants and connections (default 1 each, inactive), and on add the password of the company's admin user.
 * An empty or invalid due date is sent as null.
 */
export function CompanyDialog({ company, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [plans, setPlans] = useState<PlanDto[]>([]);
  const [saving, setSaving] = useState(false);
  const editing = company !== null;
  const { form, set, setErrors, validate, error, intent } = useZodForm(
    editing ? companyUpdateSchema : companyCreateSchema,
    {
      name: company?.name ?? '',
      email: company?.email ?? '',
      phone: company?.phone ?? '',
      document: company?.document ?? '',
      planId: company?.planId ? String(company.planId) : '',
      status: company?.status ?? true,
      dueDate: company?.dueDate ?? '',
      recurrence: (company?.recurrence ?? 'MENSAL') as Recurrence,
      passwordDefault: '',
      numberAttendants: String(company?.numberAttendants ?? 1),
      numberConections: String(company?.numberConections ?? 1),
    },
  );

  useEffect(() => {
    fetchPlans().then(setPlans, (err) => toastError(err, 'companies.loadError'));
  }, []);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { passwordDefault, planId, ...rest } = form;
    const input = validate({
      ...rest,
      planId: planId === '' ? undefined : planId,
      phone: form.phone || null,
      document: form.document || null,
      // Spec part 2 §5: an empty or invalid due date is sent as null.
      dueDate: dateField.safeParse(form.dueDate).success ? form.dueDate : null,
      ...(!editing && passwordDefault ? { passwordDefault } : {}),
    });
    if (planId === '') setErrors((e) => ({ ...e, planId: 'Required' }));
    if (!input || planId === '') return;
    setSaving(true);
    try {
      await submitDelay();
      if (company) await updateCompany(company.id, input);
      else await createCompany(input as Parameters<typeof createCompany>[0]);
      toastSuccess(t('companies.success'));
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields.length > 0) setErrors(toFieldErrors(err.fields));
      if (err instanceof ApiError && err.code === 'ERR_DUPLICATED_EMAIL')
        setErrors({ email: 'ERR_DUPLICATED_EMAIL' });
      // Spec part 2 §8: the company save failure message.
      toastError(null, 'companies.saveError');
    } finally {
      setSaving(false);
    }
  };

  const text = (field: 'name' | 'email' | 'phone' | 'document', type = 'text') => (
    <FormGroup
      label={t(`companies.${field}`)}
      labelFor={`company-${field}`}
      helperText={error(field)}
      intent={intent(field)}
    >
      <InputGroup
        id={`company-${field}`}
        type={type}
        value={form[field]}
        onValueChange={set(field)}
        intent={intent(field)}
        data-testid={`company-${field}`}
      />
    </FormGroup>
  );
  const count = (field: 'numberAttendants' | 'numberConections') => (
    <FormGroup
      label={t(`companies.${field}`)}
      labelFor={`company-${field}`}
      helperText={error(field)}
      intent={intent(field)}
    >
      <InputGroup
        id={`company-${field}`}
        type="number"
        min={0}
        value={form[field]}
        onValueChange={set(field)}
        intent={intent(field)}
        data-testid={`company-${field}`}
      />
    </FormGroup>
  );

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(editing ? 'companies.editTitle' : 'companies.addTitle')}
      icon="office"
    >
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <div className="company-dialog__row">
            {text('name')}
            {text('email', 'email')}
          </div>
          <div className="company-dialog__row">
            {text('phone', 'tel')}
            {text('document')}
          </div>
          <div className="company-dialog__row">
            <FormGroup
              label={t('companies.plan')}
              labelFor="company-plan"
              helperText={error('planId')}
              intent={intent('planId')}
            >
              <HTMLSelect
                id="company-plan"
                fill
                value={form.planId}
                onChange={(e) => set('planId')(e.currentTarget.value)}
                options={[
                  { value: '', label: t('companies.choosePlan') },
                  ...plans.map((p) => ({ value: String(p.id), label: p.name })),
                ]}
                data-testid="company-plan"
              />
            </FormGroup>
            <FormGroup label={t('companies.recurrence')} labelFor="company-recurrence">
              <HTMLSelect
                id="company-recurrence"
                fill
                value={form.recurrence}
                onChange={(e) => set('recurrence')(e.currentTarget.value as Recurrence)}
                options={Object.keys(RECURRENCE_MONTHS).map((r) => ({
                  value: r,
                  label: t(`companies.recurrences.${r}`),
                }))}
                data-testid="company-recurrence"
              />
            </FormGroup>
            <FormGroup label={t('companies.dueDate')} labelFor="company-due-date">
              <InputGroup
                id="company-due-date"
                type="date"
                value={form.dueDate}
                onValueChange={set('dueDate')}
                data-testid="company-due-date"
              />
            </FormGroup>
          </div>
          <div className="company-dialog__row">
            {count('numberAttendants')}
            {count('numberConections')}
            {!editing && (
              <FormGroup
                label={t('companies.passwordDefault')}
                labelInfo={t('common.optional')}
                labelFor="company-password"
                helperText={error('passwordDefault') ?? t('companies.passwordDefaultHelp')}
                intent={intent('passwordDefault')}
              >
                <PasswordInput
                  id="company-password"
                  value={form.passwordDefault}
                  onValueChange={set('passwordDefault')}
                  intent={intent('passwordDefault')}
                  autoComplete="new-password"
                  data-testid="company-password"
                />
              </FormGroup>
            )}
          </div>
          <Switch
            label={t('companies.active')}
            checked={form.status}
            onChange={(e) => set('status')(e.currentTarget.checked)}
            data-testid="company-status"
          />
        </DialogBody>
        <ConfirmFooter text={t('common.save')} busy={saving} onCancel={onClose} testId="company-save" />
      </form>
    </Dialog>
  );
}
