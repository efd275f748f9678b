import { Button, Card, Icon, type IconName, type Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../layout/brand-mark';
import { LanguageMenu } from '../layout/language-menu';
import { ThemeToggle } from '../layout/theme-toggle';
import './pages.css';

interface Props {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  centered?: boolean;
  /** A large icon above the title. */
  icon?: { name: IconName; intent: Intent };
  testId?: string;
}

/** Centered card used by the public pages (login, signup, expired subscription). */
export function PublicShell(props: Props) {
  const { title, subtitle, children, footer, wide = false, centered = false, icon, testId } = props;
  const { t } = useTranslation();
  return (
    <div className="public-page" data-testid={testId}>
      <div className="public-page__tools">
        <ThemeToggle />
        <LanguageMenu />
      </div>
      <div className="public-page__content">
        <div className="public-page__brand">
          <BrandMark large />
          <p className="public-page__tagline">{t('app.tagline')}</p>
        </div>
        <Card
          elevation={2}
          className={['public-card', wide && 'public-card--wide', centered && 'public-card--centered']
            .filter(Boolean)
            .join(' ')}
        >
          {icon && (
            <div className="public-card__icon">
              <Icon icon={icon.name} intent={icon.intent} size={40} />
            </div>
          )}
          <h2 className="public-card__title">{title}</h2>
          {subtitle && <p className="public-card__subtitle">{subtitle}</p>}
          {children}
        </Card>
        {footer && <div className="public-page__footer">{footer}</div>}
      </div>
    </div>
  );
}

/** The full-width primary submit button of a public card (login, signup). */
export function PublicSubmit({ text, busy, testId }: { text: string; busy: boolean; testId: string }) {
  return (
    <Button
      type="submit"
      className="public-card__submit"
      intent="primary"
      size="large"
      fill
      loading={busy}
      text={text}
      data-testid={testId}
    />
  );
}
