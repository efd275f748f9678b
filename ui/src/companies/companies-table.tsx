import { advanceDueDate, type CompanyDto, companyToday, dueTone, PLATFORM_COMPANY_ID } from '@balcao/sdk';
import { Button, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAlert } from '../forms/delete-alert';
import { useInfiniteScroll } from '../lists/use-infinite-scroll';
import { toastError, toastSuccess } from '../notify/toaster';
import { brl, ddmmyyyy, deleteCompany, updateCompany } from './admin-api';
import { CompanyDialog } from './company-dialog';
import { useCompanyList } from './use-company-list';
import './companies.css';
import { CountTag } from '../lists/count-tag';

/**
 * The companies table (spec part 2 "Companies"): ID, active, name, e-mail, plan, plan value (BRL), created, due date
 * with recurrence, last login; rows yellow with 1 to 5 days left, red when due or past. Add, edit, advance the due
 * date by the recurrence, delete after confirmation. Used by /companies and the settings' Companies tab.
 */
export function CompaniesTable() {
  const { t } = useTranslation();
  const list = useCompanyList();
  const [editing, setEditing] = useState<CompanyDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<CompanyDto | null>(null);
  const now = new Date();

  const scroll = useInfiniteScroll(list);

  const handleAdvance = async (company: CompanyDto) => {
    try {
      await updateCompany(company.id, {
        dueDate: advanceDueDate(company.dueDate, company.recurrence, companyToday()),
      });
      toastSuccess(t('companies.success'));
      list.reload();
    } catch (err) {
      toastError(err, 'companies.deleteError');
    }
  };

  const handleDelete = async () => {
    const company = doomed;
    setDoomed(null);
    if (!company) return;
    try {
      await deleteCompany(company.id);
      toastSuccess(t('companies.success'));
      list.reload();
    } catch (err) {
      // Spec part 2 §8: 'Não foi possível realizar a operação'.
      toastError(err, 'companies.deleteError');
    }
  };

  return (
    <div className="companies" data-testid="companies-table-block">
      <div className="companies__tools">
        <CountTag count={list.count} loaded={list.loaded} testId="companies-count" />
        <Button
          intent="primary"
          icon="add"
          text={t('companies.add')}
          onClick={() => setEditing('new')}
          data-testid="companies-add"
        />
      </div>
      <div className="list-screen__body" ref={scroll.ref} onScroll={scroll.onScroll}>
        <HTMLTable compact className="list-screen__table companies__table" data-testid="companies-table">
          <thead>
            <tr>
              <th>{t('companies.columns.id')}</th>
              <th>{t('companies.columns.active')}</th>
              <th>{t('companies.name')}</th>
              <th>{t('companies.email')}</th>
              <th>{t('companies.plan')}</th>
              <th>{t('companies.columns.amount')}</th>
              <th>{t('companies.columns.createdAt')}</th>
              <th>{t('companies.columns.dueDate')}</th>
              <th>{t('companies.columns.lastLogin')}</th>
              <th>{t('companies.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((c) => {
              const tone = dueTone(c, now);
              return (
                <tr
                  key={c.id}
                  className={tone ? `companies__row--${tone}` : undefined}
                  data-testid={`company-row-${c.id}`}
                  data-tone={tone ?? 'none'}
                >
                  <td>{c.id}</td>
                  <td>{t(c.status ? 'companies.yes' : 'companies.no')}</td>
                  <td>{c.name}</td>
                  <td>{c.email ?? ''}</td>
                  <td>{c.plan?.name ?? ''}</td>
                  <td data-testid="company-amount">{c.plan ? brl(c.plan.amount) : ''}</td>
                  <td>{ddmmyyyy(c.createdAt)}</td>
                  <td data-testid="company-due">
                    {ddmmyyyy(c.dueDate)}
                    <br />
                    <span className="bp6-text-muted">{t(`companies.recurrences.${c.recurrence}`)}</span>
                  </td>
                  <td>{ddmmyyyy(c.lastLogin)}</td>
                  <td className="list-screen__actions">
                    <Button
                      variant="minimal"
                      icon="calendar"
                      aria-label={t('companies.advance')}
                      title={t('companies.advance')}
                      // Company 1 never expires: it has no due date to move.
                      disabled={c.id === PLATFORM_COMPANY_ID}
                      onClick={() => void handleAdvance(c)}
                      data-testid={`company-advance-${c.id}`}
                    />
                    <Button
                      variant="minimal"
                      icon="edit"
                      aria-label={t('companies.edit')}
                      title={t('companies.edit')}
                      onClick={() => setEditing(c)}
                      data-testid={`company-edit-${c.id}`}
                    />
                    <Button
                      variant="minimal"
                      intent="danger"
                      icon="trash"
                      aria-label={t('companies.delete.action')}
                      title={t('companies.delete.action')}
                      disabled={c.id === PLATFORM_COMPANY_ID}
                      onClick={() => setDoomed(c)}
                      data-testid={`company-delete-${c.id}`}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
        {!list.loading && list.items.length === 0 && (
          <p className="bp6-text-muted list-screen__empty">{t('companies.empty')}</p>
        )}
      </div>
      {editing && (
        <CompanyDialog
          company={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      <DeleteAlert
        ns="companies"
        doomed={doomed}
        onCancel={() => setDoomed(null)}
        onConfirm={() => void handleDelete()}
        textTestId="companies-delete-text"
      />
    </div>
  );
}
