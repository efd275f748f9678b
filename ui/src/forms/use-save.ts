import { useState } from 'react';
import { ApiError } from '../api/api-error';
import { toastError } from '../notify/toaster';
import { type FieldErrors, toFieldErrors } from './field-errors';

/**
 * A form's save: `saving` while it runs; a refused save puts the server's field errors next to the fields and says
 * why in a toast.
 * @example const { saving, save } = useSave(setErrors); void save(async () => { await api.put(url, body); onClose(); });
 */
export function useSave(setErrors: (errors: FieldErrors) => void) {
  const [saving, setSaving] = useState(false);
  const save = async (action: () => Promise<void>): Promise<void> => {
    setSaving(true);
    try {
      await action();
    } catch (err) {
      if (err instanceof ApiError && err.fields.length > 0) setErrors(toFieldErrors(err.fields));
      toastError(err);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
