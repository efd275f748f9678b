import { type PlanDto, signupSchema } from '@balcao/sdk';
import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { api } from '../api/http';
import { toFieldErrors } from '../forms/field-errors';
import { useZodForm } from '../forms/use-zod-form';
import { toastError, toastSuccess } from '../notify/toaster';
import { PublicShell, PublicSubmit } from './public-shell';

/** Spec part 1 §9: currency in Brazilian format with 2 decimals. */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

const EMPTY = { name: '', companyName: '', email: '', password: '', phone: '', planId: '' };
type Form = typeof EMPTY;

/** /signup?companyId= — spec part 2 §2 and §5. */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { form, set, setErrors, validate, error, intent } = useZodForm(signupSchema, EMPTY);
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

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A malformed ?companyId= is ignored rather than blocking the form on a field the visitor cannot see.
    const companyId = /^\d+$/.test(params.get('companyId') ?? '') ? params.get('companyId') : null;
    const input = validate({
      ...form,
      planId: form.planId === '' ? undefined : form.planId,
      companyId: companyId ?? undefined,
    });
    if (!input) {
      // The plan is a choice: any problem with it means none was chosen.
      setErrors((found) => (found.planId ? { ...found, planId: 'Required' } : found));
      return;
    }
    setBusy(true);
    try {
      await api.post('/auth/signup', input);
      toastSuccess(t('signup.success'));
      navigate('/login', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.fields.length > 0) setErrors(toFieldErrors(err.fields));
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

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
              {/* Each number with its own plural: "1 conexão", "2 conexões". */}
              {t('signup.planDetails', {
                users: t('signup.planUsers', { count: chosen.users }),
                connections: t('signup.planConnections', { count: chosen.connections }),
                queues: t('signup.planQueues', { count: chosen.queues }),
              })}
            </div>
          )}
        </FormGroup>
        <PublicSubmit text={t('signup.submit')} busy={busy} testId="signup-submit" />
      </form>
    </PublicShell>
  );
}
