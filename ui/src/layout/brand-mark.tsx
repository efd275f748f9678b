import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The product mark: a green tile and the product name. */
export function BrandMark({ large = false }: { large?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={large ? 'brand-mark brand-mark--large' : 'brand-mark'}>
      <span className="brand-mark__tile" aria-hidden>
        <Icon icon="chat" size={large ? 20 : 14} />
      </span>
      <span className="brand-mark__name">{t('app.name')}</span>
    </span>
  );
}
