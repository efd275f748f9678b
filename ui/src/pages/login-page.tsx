import { loginSchema } from '@balcao/sdk';
import { Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { PasswordInput } from '../forms/password-input';
import { useZodForm } from '../forms/use-zod-form';
import { i18n } from '../i18n';
import { errorMessage } from '../notify/error-message';
import { showToast, toastError } from '../notify/toaster';
import { readLogoutReason } from '../session/logout-reason';
import { login } from '../session/session-actions';
import { formatDueDate } from '../session/subscription';
import { PublicShell, PublicSubmit } from './public-shell';

const translator = { exists: (key: string) => i18n.exists(key), t: (key: string) => i18n.t(key) };

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, set, validate, error, intent } = useZodForm(loginSchema, { email: '', password: '' });
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // Why the last session ended without the user asking; shown until the next login.
  const [loggedOut] = useState(readLogoutReason);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (!input) return;
    setFailure(null);
    setBusy(true);
    try {
      await login(input);
      navigate('/tickets', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_SUBSCRIPTION_EXPIRED') {
        const dueDate = err.detail('dueDate');
        showToast(t('subscription.expiredToast', { date: formatDueDate(dueDate) }), 'danger', 'error');
        navigate('/financeiro-aberto', { state: { dueDate } });
        return;
      }
      setFailure(err);
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      testId="login-page"
      footer={
        <>
          {t('login.noAccount')}
          <Link to="/signup" data-testid="signup-link">
            {t('login.signup')}
          </Link>
        </>
      }
    >
      <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="login-form">
        {loggedOut && failure === null && (
          <Callout intent="warning" icon="log-out" className="public-card__error" data-testid="logout-reason">
            {t(`login.loggedOut.${loggedOut}`)}
          </Callout>
        )}
        {failure !== null && (
          <Callout intent="danger" icon="error" className="public-card__error" data-testid="login-error">
            {errorMessage(failure, translator)}
          </Callout>
        )}
        <FormGroup
          label={t('login.email')}
          labelFor="login-email"
          helperText={error('email')}
          intent={intent('email')}
        >
          <InputGroup
            id="login-email"
            type="email"
            size="large"
            leftIcon="envelope"
            placeholder={t('login.emailPlaceholder')}
            autoComplete="email"
            autoFocus
            value={form.email}
            onValueChange={set('email')}
            intent={intent('email')}
            data-testid="login-email"
          />
        </FormGroup>
        <FormGroup
          label={t('login.password')}
          labelFor="login-password"
          helperText={error('password')}
          intent={intent('password')}
        >
          <PasswordInput
            id="login-password"
            size="large"
            leftIcon="lock"
            autoComplete="current-password"
            value={form.password}
            onValueChange={set('password')}
            intent={intent('password')}
            data-testid="login-password"
          />
        </FormGroup>
        <PublicSubmit text={t('login.submit')} busy={busy} testId="login-submit" />
        <p className="public-card__aside">
          <Link to="/recovery-password" data-testid="recovery-link">
            {t('login.forgot')}
          </Link>
        </p>
      </form>
    </PublicShell>
  );
}
