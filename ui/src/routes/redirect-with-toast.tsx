import { NonIdealState } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showToast } from '../notify/toaster';

/** Spec part 2 §6: redirect delay after the "no permission" message. */
export const PERMISSION_REDIRECT_MS = 1000;

/** Shows a translated error toast (spec part 2 §2), then goes to / after {@link PERMISSION_REDIRECT_MS}. */
export function RedirectWithToast({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = useRef(false);

  useEffect(() => {
    if (!shown.current) {
      shown.current = true;
      // Keyed: a page that mounts this twice on its way (a lazy route settling, a refreshed user) shows one toast.
      showToast(t(messageKey), 'danger', 'error', `redirect:${messageKey}`);
    }
    const timer = setTimeout(() => navigate('/', { replace: true }), PERMISSION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [messageKey, navigate, t]);

  return (
    <div className="full-page-center" data-testid="no-permission">
      <NonIdealState icon="lock" description={t('plugins.redirecting')} />
    </div>
  );
}
