import type { Intent } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type FieldErrors, toFieldErrors, translateValidation, withoutField } from './field-errors';

/**
 * Form state checked by a shared SDK schema: values, one error per field (cleared as the field is edited),
 * `validate`, which answers the parsed data or null after showing the problems, and the translated `error(field)`
 * and `intent(field)` for each field's FormGroup.
 * @example const { form, set, errors, validate } = useZodForm(loginSchema, { email: '', password: '' })
 */
export function useZodForm<S extends z.ZodType, F extends Record<string, unknown>>(schema: S, initial: F) {
  const { t } = useTranslation();
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = useCallback(
    <K extends keyof F & string>(field: K) =>
      (value: F[K]) => {
        setForm((f) => ({ ...f, [field]: value }));
        setErrors((e) => withoutField(e, field));
      },
    [],
  );

  /** Checks `input` (the form by default); on problems shows them and answers null. */
  const validate = (input: unknown = form): z.output<S> | null => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error.issues));
      return null;
    }
    setErrors({});
    return parsed.data;
  };

  const error = (field: string): string | undefined => translateValidation(errors[field], t);
  const intent = (field: string): Intent => (errors[field] ? 'danger' : 'none');

  return { form, setForm, set, errors, setErrors, validate, error, intent };
}
