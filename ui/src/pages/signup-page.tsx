import { type PlanDto, signupSchema } from '@balcao/sdk';
import { Button, FormGroup, HTMLSelect, InputGroup, type Intent } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { api } from '../api/http';
import { type FieldErrors, toFieldErrors, translateValidation, withoutField } from '../forms/field-errors';
import { toastError, toastSuccess } from '../notify/toaster';
import { PublicShell } from './public-shell';

/** Spec part 1 §9: currency in Brazilian format with 2 decimals. */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

const EMPTY = { name: '', companyName: '', email: '', password: '', phone: '', planId: '' };
type Form = typeof EMPTY;

/** /signup?companyId= — spec part 2 §2 and §5. */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [plans, setPlans] = useState<PlanDto[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    api.get<PlanDto[]>('/plans/list').then(
      (list) => alive && setPlans(Array.isArray(list) ? list : []),
      (err: unknown) => {
        if (!alive) return;
        setPlans([]);
        toastError(err);
      },
    );
    return () => {
      alive = false;
    };
  }, []);

  const set = (field: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => withoutField(e, field));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A malformed ?companyId= is ignored rather than blocking the form on a field the visitor cannot see.
    const companyId = /^\d+$/.test(params.get('companyId') ?? '') ? params.get('companyId') : null;
    const parsed = signupSchema.safeParse({
      ...form,
      planId: form.planId === '' ? undefined : form.planId,
      companyId: companyId ?? undefined,
    });
    if (!parsed.success) {
      const found = toFieldErrors(parsed.error.issues);
      // The plan is a choice: any problem with it means none was chosen.
      setErrors(found.planId ? { ...found, planId: 'Required' } : found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.post('/auth/signup', parsed.data);
      toastSuccess(t('signup.success'));
      navigate('/login', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.fields.length > 0) setErrors(toFieldErrors(err.fields));
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const error = (field: string) => translateValidation(errors[field], t);
  const intent = (field: string): Intent => (errors[field] ? 'danger' : 'none');
  const chosen = plans?.find((p) => String(p.id) === form.planId);

  const field = (
    name: keyof Form,
    type = 'text',
    extra: { placeholder?: string; autoComplete?: string } = {},
  ) => (
    <FormGroup
      label={t(`signup.${name}`)}
      labelFor={`signup-${name}`}
      helperText={error(name)}
      intent={intent(name)}
    >
      <InputGroup
        id={`signup-${name}`}
        type={type}
        value={form[name]}
        onValueChange={set(name)}
        intent={intent(name)}
        data-testid={name === 'companyName' ? 'signup-company' : `signup-${name}`}
        {...extra}
      />
    </FormGroup>
  );

  return (
    <PublicShell
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      wide
      testId="signup-page"
      footer={
        <>
          {t('signup.hasAccount')}
          <Link to="/login" data-testid="login-link">
            {t('signup.login')}
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="signup-form">
        <div className="form-row">
          {field('name', 'text', { autoComplete: 'name' })}
          {field('companyName', 'text', { autoComplete: 'organization' })}
        </div>
        {field('email', 'email', { autoComplete: 'email' })}
        <div className="form-row">
          {field('password', 'password', { autoComplete: 'new-password' })}
          {field('phone', 'tel', { autoComplete: 'tel', placeholder: t('signup.phonePlaceholder') })}
        </div>
        <FormGroup
          label={t('signup.plan')}
          labelFor="signup-plan"
          helperText={error('planId') ?? (plans?.length === 0 ? t('signup.plansEmpty') : undefined)}
          intent={intent('planId')}
        >
          <HTMLSelect
            id="signup-plan"
            fill
            value={form.planId}
            onChange={(e) => set('planId')(e.currentTarget.value)}
            disabled={plans === null}
            data-testid="signup-plan"
          >
            <option value="">{plans === null ? t('app.loading') : t('signup.planPlaceholder')}</option>
            {(plans ?? []).map((plan) => (
              <option key={plan.id} value={String(plan.id)}>
                {t('signup.planOption', { name: plan.name, amount: brl.format(plan.amount) })}
              </option>
            ))}
          </HTMLSelect>
          {chosen && (
            <div className="plan-details" data-testid="signup-plan-details">
              {t('signup.planDetails', {
                users: chosen.users,
                connections: chosen.connections,
                queues: chosen.queues,
              })}
            </div>
          )}
        </FormGroup>
        <Button
          type="submit"
          className="public-card__submit"
          intent="primary"
          size="large"
          fill
          loading={busy}
          text={t('signup.submit')}
          data-testid="signup-submit"
        />
      </form>
    </PublicShell>
  );
}
