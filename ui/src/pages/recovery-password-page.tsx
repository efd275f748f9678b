import { passwordResetSchema, recoverySendSchema, recoveryVerifySchema } from '@balcao/sdk';
import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../api/api-error';
import { api } from '../api/http';
import { toFieldErrors } from '../forms/field-errors';
import { PasswordInput } from '../forms/password-input';
import { useZodForm } from '../forms/use-zod-form';
import { showToast, toastError, toastSuccess } from '../notify/toaster';
import { PublicShell, PublicSubmit } from './public-shell';

/** Spec part 2 §4: after saving, the user goes to /login in 1 second; after too many wrong codes, in 3. */
export const SAVED_REDIRECT_MS = 1000;
export const EXCEEDED_REDIRECT_MS = 3000;
/** Spec part 2 §4: the failure count at which the attempt is over (the server ends it at the same count). */
const MAX_FAILURES = 2;

const codeSchema = recoveryVerifySchema.pick({ code: true });
const newPasswordSchema = passwordResetSchema.pick({ newPassword: true });

type Step = 'number' | 'code' | 'password';

/**
 * /recovery-password (spec part 2 "Password reset"): enter the registered number, send the code, enter the code; when
 * it matches, the new-password field appears; save. Reached from and returning to /login. The code is checked by the
 * server (it never reaches the browser); a match gives the token that lets the password change.
 */
export function RecoveryPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('number');
  const [attemptId, setAttemptId] = useState('');
  const [token, setToken] = useState('');
  const [failures, setFailures] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [redirectIn, setRedirectIn] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const numberForm = useZodForm(recoverySendSchema, { wpp: '' });
  const codeForm = useZodForm(codeSchema, { code: '' });
  const passwordForm = useZodForm(newPasswordSchema, { newPassword: '' });
  const [wpp, setWpp] = useState('');

  useEffect(() => {
    if (redirectIn === null) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), redirectIn);
    return () => clearTimeout(timer);
  }, [redirectIn, navigate]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const handleSend = (event: FormEvent) => {
    event.preventDefault();
    const input = numberForm.validate();
    if (!input) return;
    void run(async () => {
      try {
        const sent = await api.post<{ userId: string }>('/enviar-email', input);
        setAttemptId(sent.userId);
        setWpp(input.wpp);
        setFailures(0);
        setProblem(null);
        codeForm.setForm({ code: '' });
        setStep('code');
        toastSuccess(t('recovery.sent'));
      } catch (err) {
        if (err instanceof ApiError && err.fields.length > 0) numberForm.setErrors(toFieldErrors(err.fields));
        toastError(err);
      }
    });
  };

  const handleVerify = (event: FormEvent) => {
    event.preventDefault();
    const input = codeForm.validate();
    if (!input) return;
    void run(async () => {
      try {
        const answer = await api.post<{ valid: boolean; token: string }>(
          `/verificar-code/${encodeURIComponent(wpp)}`,
          { userId: attemptId, code: input.code },
        );
        setToken(answer.token);
        setProblem(null);
        setStep('password');
      } catch (err) {
        const code = err instanceof ApiError ? err.code : null;
        const failed = code === 'ERR_RESET_CODE_INVALID' ? failures + 1 : failures;
        setFailures(failed);
        if (code === 'ERR_RESET_ATTEMPTS_EXCEEDED' || failed >= MAX_FAILURES) {
          setProblem(t('recovery.exceeded'));
          showToast(t('recovery.exceeded'), 'danger', 'error');
          setRedirectIn(EXCEEDED_REDIRECT_MS);
        } else if (code === 'ERR_RESET_CODE_INVALID') {
          setProblem(t('recovery.wrongCode'));
          showToast(t('recovery.wrongCode'), 'danger', 'error');
        } else {
          setProblem(t('recovery.verifyError'));
          toastError(err, 'recovery.verifyError');
        }
      }
    });
  };

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    const input = passwordForm.validate();
    if (!input) return;
    void run(async () => {
      try {
        await api.put('/atualizar-senha', { userId: attemptId, token, newPassword: input.newPassword });
        toastSuccess(t('recovery.saved'));
        setRedirectIn(SAVED_REDIRECT_MS);
      } catch (err) {
        const code = err instanceof ApiError ? err.code : null;
        if (err instanceof ApiError && err.fields.length > 0)
          passwordForm.setErrors(toFieldErrors(err.fields));
        const message = t(code === 'ERR_RESET_TOKEN_INVALID' ? 'recovery.invalidCode' : 'recovery.saveError');
        setProblem(message);
        showToast(message, 'danger', 'error');
      }
    });
  };

  const ended = redirectIn !== null;
  return (
    <PublicShell
      title={t('recovery.title')}
      subtitle={t('recovery.subtitle')}
      testId="recovery-page"
      footer={
        <Link to="/login" data-testid="recovery-login-link">
          {t('recovery.backToLogin')}
        </Link>
      }
    >
      {problem && (
        <Callout intent="danger" icon="error" className="public-card__error" data-testid="recovery-error">
          {problem}
        </Callout>
      )}
      {step === 'number' && (
        <form onSubmit={handleSend} noValidate data-testid="recovery-number-form">
          <FormGroup
            label={t('recovery.wpp')}
            labelFor="recovery-wpp"
            helperText={numberForm.error('wpp')}
            intent={numberForm.intent('wpp')}
          >
            <InputGroup
              id="recovery-wpp"
              type="tel"
              size="large"
              leftIcon="phone"
              autoComplete="tel"
              autoFocus
              placeholder={t('recovery.wppPlaceholder')}
              value={numberForm.form.wpp}
              onValueChange={numberForm.set('wpp')}
              intent={numberForm.intent('wpp')}
              data-testid="recovery-wpp"
            />
          </FormGroup>
          <PublicSubmit text={t('recovery.send')} busy={busy} testId="recovery-send" />
        </form>
      )}
      {step === 'code' && (
        <form onSubmit={handleVerify} noValidate data-testid="recovery-code-form">
          <FormGroup
            label={t('recovery.code')}
            labelFor="recovery-code"
            helperText={codeForm.error('code') ?? t('recovery.codeHelp', { wpp })}
            intent={codeForm.intent('code')}
          >
            <InputGroup
              id="recovery-code"
              size="large"
              leftIcon="key"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              disabled={ended}
              value={codeForm.form.code}
              onValueChange={codeForm.set('code')}
              intent={codeForm.intent('code')}
              data-testid="recovery-code"
            />
          </FormGroup>
          {!ended && <PublicSubmit text={t('recovery.verify')} busy={busy} testId="recovery-verify" />}
          {!ended && (
            <Button
              variant="minimal"
              fill
              text={t('recovery.resend')}
              onClick={() => {
                setProblem(null);
                setStep('number');
              }}
              data-testid="recovery-resend"
            />
          )}
        </form>
      )}
      {step === 'password' && (
        <form onSubmit={handleSave} noValidate data-testid="recovery-password-form">
          <FormGroup
            label={t('recovery.newPassword')}
            labelFor="recovery-new-password"
            helperText={passwordForm.error('newPassword')}
            intent={passwordForm.intent('newPassword')}
          >
            <PasswordInput
              id="recovery-new-password"
              size="large"
              leftIcon="lock"
              autoComplete="new-password"
              autoFocus
              disabled={ended}
              value={passwordForm.form.newPassword}
              onValueChange={passwordForm.set('newPassword')}
              intent={passwordForm.intent('newPassword')}
              data-testid="recovery-new-password"
            />
          </FormGroup>
          <PublicSubmit text={t('recovery.save')} busy={busy || ended} testId="recovery-save" />
        </form>
      )}
    </PublicShell>
  );
}
