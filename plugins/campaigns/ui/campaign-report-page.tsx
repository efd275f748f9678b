import { COMPANY_TIMEZONE } from '@balcao/sdk';
import { useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import {
  Button,
  Callout,
  Card,
  HTMLTable,
  NonIdealState,
  ProgressBar,
  Section,
  SectionCard,
  Tag,
} from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { CampaignDto } from '../shared/campaign';
import { type CampaignCounts, type CampaignReportDto, progressOf } from '../shared/report';
import { STATUS_INTENT } from './campaigns-page';
import { type CampaignFrame, reportRefresh } from './report-refresh';

const COUNT_KEYS: (keyof Omit<CampaignCounts, 'done'>)[] = [
  'planned',
  'sent',
  'delivered',
  'read',
  'failed',
  'confirmationRequested',
  'confirmed',
  'optedOut',
];

/** /campaign/{id}/report — counts, a progress bar and the per-contact table, live; export to .xlsx. */
export function CampaignReportPage() {
  const { t, i18n } = useTranslation('campaigns');
  const { api, toastError, toastSuccess } = useUiHost();
  const navigate = useNavigate();
  const id = Number(useParams().campaignId);
  const [report, setReport] = useState<CampaignReportDto | null>(null);
  const [pages, setPages] = useState(1);

  const load = useCallback(async () => {
    try {
      const first = await api.get<CampaignReportDto>(`/campaigns/${id}/report`, { pageNumber: 1 });
      setReport(first);
      // The table starts over at page 1: "more" then asks for page 2, not the page after the last one shown.
      setPages(1);
    } catch (error) {
      toastError(error);
    }
  }, [api, toastError, id]);

  // Live: a refresh a second at most while it runs, and a reload 5 s after it shows FINALIZADA (report-refresh.ts).
  const refresh = useMemo(() => reportRefresh(id, () => void load()), [id, load]);
  useEffect(() => {
    if (Number.isInteger(id) && id > 0) void load();
    return () => refresh.stop();
  }, [load, id, refresh]);
  useCompanyChannel('campaign', (data) => refresh.frame(data as CampaignFrame));

  const more = async () => {
    if (!report) return;
    try {
      const next = await api.get<CampaignReportDto>(`/campaigns/${id}/report`, { pageNumber: pages + 1 });
      setReport({ ...next, shippings: [...report.shippings, ...next.shippings] });
      setPages(pages + 1);
    } catch (error) {
      toastError(error);
    }
  };

  const exportXlsx = async () => {
    try {
      const file = await api.get<{ fileName: string; data: string }>(`/campaigns/${id}/report/export`, {
        lang: i18n.language,
      });
      const bytes = Uint8Array.from(atob(file.data), (ch) => ch.charCodeAt(0));
      const url = URL.createObjectURL(
        new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = file.fileName;
      link.click();
      URL.revokeObjectURL(url);
      toastSuccess(t('toasts.exported'));
    } catch (error) {
      toastError(error);
    }
  };

  if (!report) return null;
  const { campaign, counts } = report;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const progress = progressOf(counts);
  return (
    <Section
      title={t('report.title', { name: campaign.name })}
      icon="timeline-bar-chart"
      rightElement={
        <>
          <Tag large intent={STATUS_INTENT[campaign.status]} data-testid="report-status">
            {t(`status.${campaign.status}`)}
          </Tag>
          <Button
            icon="download"
            text={t('report.export')}
            onClick={exportXlsx}
            data-testid="report-export"
          />
          <Button icon="arrow-left" minimal text={t('report.back')} onClick={() => navigate('/campaigns')} />
        </>
      }
    >
      <SectionCard>
        <PauseNotice campaign={campaign} />
        {campaign.recurrence !== 'none' && (
          <p data-testid="report-run">
            {t('report.run', { n: report.run })} ·{' '}
            {campaign.nextRunAt
              ? t('report.nextRun', { date: when.format(new Date(campaign.nextRunAt)) })
              : t('report.noNextRun')}
          </p>
        )}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {COUNT_KEYS.filter(
            (k) => campaign.confirmation || (k !== 'confirmationRequested' && k !== 'confirmed'),
          ).map((k) => (
            <Card key={k} compact style={{ minWidth: 120 }} data-testid={`report-count-${k}`}>
              <div className="bp6-text-muted">{t(`report.counts.${k}`)}</div>
              <div style={{ fontSize: 24 }} data-testid="report-count-value">
                {counts[k]}
              </div>
            </Card>
          ))}
        </div>
        <p style={{ marginTop: 12 }}>
          {t('report.progress')}: {Math.round(progress * 100)}%
        </p>
        <ProgressBar
          value={progress}
          intent={campaign.status === 'FINALIZADA' ? 'success' : 'primary'}
          animate={campaign.status === 'EM_ANDAMENTO'}
          stripes={campaign.status === 'EM_ANDAMENTO'}
        />
      </SectionCard>
      <SectionCard padded={false}>
        {report.shippings.length === 0 ? (
          <NonIdealState icon="people" title={t('report.empty')} />
        ) : (
          <HTMLTable striped compact style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('export.name')}</th>
                <th>{t('export.number')}</th>
                <th>{t('export.state')}</th>
                <th>{t('export.deliveredAt')}</th>
                <th>{t('export.failureReason')}</th>
              </tr>
            </thead>
            <tbody>
              {report.shippings.map((s) => (
                <tr key={s.id} data-testid="report-row">
                  <td>{s.name}</td>
                  <td>{s.number}</td>
                  <td>{t(`export.states.${s.state}`)}</td>
                  <td>{s.deliveredAt ? when.format(new Date(s.deliveredAt)) : ''}</td>
                  <td>
                    {s.failureReason ? t(`translation:errors.${s.failureReason}`, s.failureReason) : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        {report.hasMore && <Button fill minimal text={t('loadMore')} onClick={more} />}
      </SectionCard>
    </Section>
  );
}

/**
 * While a running campaign waits: until when (HH:mm on the company's clock, with the day when it is not today) and
 * why — outside business hours, or every connection at its daily cap. A campaign that keeps to the hours says so.
 */
function PauseNotice({ campaign }: { campaign: CampaignDto }) {
  const { t, i18n } = useTranslation('campaigns');
  const waiting = campaign.status === 'EM_ANDAMENTO' && campaign.pauseReason;
  if (!waiting && !campaign.withinBusinessHours) return null;
  if (!waiting)
    return (
      <Tag minimal icon="time" style={{ marginBottom: 12 }} data-testid="report-within-hours">
        {t('report.withinBusinessHours')}
      </Tag>
    );
  const until = campaign.pausedUntil ? new Date(campaign.pausedUntil) : null;
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: COMPANY_TIMEZONE });
  const time = until
    ? new Intl.DateTimeFormat(i18n.language, {
        timeZone: COMPANY_TIMEZONE,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        ...(day(until) === day(new Date()) ? {} : { weekday: 'short', day: '2-digit', month: '2-digit' }),
      }).format(until)
    : null;
  const key = campaign.pauseReason === 'cap' ? 'report.pausedCap' : 'report.pausedHours';
  return (
    <Callout intent="warning" icon="pause" style={{ marginBottom: 12 }} data-testid="report-paused">
      {time ? t(key, { time }) : t('report.pausedNoOpening')}
    </Callout>
  );
}
