import { type DashboardPeriod, dashboardPeriodIssue } from '@balcao/sdk';
import { Button, Callout, Collapse, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastWarning } from '../notify/toaster';

/**
 * The collapsible period filter (spec part 1 §2 Dashboard): start date, end date and Filtrar. A missing date says
 * 'Parametrize o filtro' (spec §9) instead of asking the server.
 */
export function DashboardFilter({
  period,
  onApply,
}: {
  period: DashboardPeriod;
  onApply: (period: DashboardPeriod) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const missing = !from || !to;

  const handleApply = () => {
    if (missing) {
      toastWarning(t('dashboard.filter.parametrize'));
      return;
    }
    const issue = dashboardPeriodIssue({ from, to });
    if (issue) {
      toastWarning(t(`dashboard.errors.${issue}`));
      return;
    }
    onApply({ from, to });
  };

  return (
    <section className="dashboard-filter" data-testid="dashboard-filter">
      <Button
        variant="minimal"
        icon="filter"
        endIcon={open ? 'chevron-up' : 'chevron-down'}
        text={t('dashboard.filter.toggle')}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="dashboard-filter-toggle"
      />
      <Collapse isOpen={open}>
        <div className="dashboard-filter__fields">
          <FormGroup label={t('dashboard.filter.from')} labelFor="dashboard-from">
            <InputGroup
              id="dashboard-from"
              type="date"
              value={from}
              onValueChange={setFrom}
              data-testid="dashboard-from"
            />
          </FormGroup>
          <FormGroup label={t('dashboard.filter.to')} labelFor="dashboard-to">
            <InputGroup
              id="dashboard-to"
              type="date"
              value={to}
              onValueChange={setTo}
              data-testid="dashboard-to"
            />
          </FormGroup>
          <Button
            intent="success"
            icon="search"
            text={t('dashboard.filter.apply')}
            onClick={handleApply}
            data-testid="dashboard-apply"
          />
        </div>
        {missing && (
          <Callout intent="warning" compact data-testid="dashboard-parametrize">
            {t('dashboard.filter.parametrize')}
          </Callout>
        )}
      </Collapse>
    </section>
  );
}
