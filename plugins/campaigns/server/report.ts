import type { CampaignCounts, CampaignReportDto, ShippingDto, ShippingState } from '../shared/report.js';
import type { Ports } from './deps.js';
import type { ICampaign } from './entities.js';
import { toCampaignDto } from './presenter.js';

const PAGE_SIZE = 40;

/**
 * The sheet's headers and state names in the asked language (the `export` section of the locales), and a failure
 * code's text in that language (`reason`), as the report page shows it.
 */
export interface ExportLabels {
  name: string;
  number: string;
  state: string;
  failureReason: string;
  deliveredAt: string;
  confirmedAt: string;
  states: Record<string, string>;
  reason(code: string): string;
}
const EXPORT_PAGE = 1000;

interface Row {
  id: number;
  name: string;
  number: string;
  ack: number;
  failure_reason: string | null;
  delivered_at: Date | null;
  failed_at: Date | null;
  opted_out_at: Date | null;
  confirmation_requested_at: Date | null;
  confirmed_at: Date | null;
}

const COLUMNS =
  'id, name, number, ack, failure_reason, delivered_at, failed_at, opted_out_at, confirmation_requested_at, confirmed_at';

function stateOf(r: Row): ShippingState {
  if (r.failed_at) return 'failed';
  if (r.opted_out_at) return 'optedOut';
  if (r.delivered_at) return r.ack >= 3 ? 'read' : r.ack >= 2 ? 'delivered' : 'sent';
  if (r.confirmation_requested_at) return 'awaitingConfirmation';
  return 'pending';
}

/**
 * The run the report shows: the current one, or — while a recurring campaign waits for its next run — the last one
 * that went out.
 */
export const shownRun = (c: Pick<ICampaign, 'status' | 'runNumber'>) =>
  c.status === 'PROGRAMADA' && c.runNumber > 1 ? c.runNumber - 1 : c.runNumber;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const toShippingDto = (r: Row): ShippingDto => ({
  id: r.id,
  name: r.name,
  number: r.number,
  state: stateOf(r),
  failureReason: r.failure_reason,
  deliveredAt: iso(r.delivered_at),
  confirmationRequestedAt: iso(r.confirmation_requested_at),
  confirmedAt: iso(r.confirmed_at),
});

/** The report page's numbers and table, and its .xlsx export; every query bound to the company. */
export class CampaignReports {
  constructor(private readonly ports: Pick<Ports, 'em'>) {}

  async counts(companyId: number, campaignId: number, run: number): Promise<CampaignCounts> {
    const [row] = await this.ports.em.execute<Record<keyof CampaignCounts, string>[]>(
      // A message handed over and later refused by the channel is failed, not sent: each contact counts once.
      `select count(*) as planned, count(*) filter (where delivered_at is not null and failed_at is null) as sent,
              count(*) filter (where ack >= 2) as delivered, count(*) filter (where ack >= 3) as read,
              count(failed_at) as failed, count(confirmation_requested_at) as "confirmationRequested",
              count(confirmed_at) as confirmed, count(opted_out_at) as "optedOut",
              count(*) filter (where delivered_at is not null or failed_at is not null or opted_out_at is not null) as done
         from campaign_shippings where company_id = ? and campaign_id = ? and run_number = ?`,
      [companyId, campaignId, run],
    );
    return Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, Number(v)]),
    ) as unknown as CampaignCounts;
  }

  async report(companyId: number, campaign: ICampaign, pageNumber: number): Promise<CampaignReportDto> {
    const run = shownRun(campaign);
    // The counts first: the rows, read after, are at least as new (a send failing between the two reads once showed
    // failed = 2 above a row still "sent").
    const counts = await this.counts(companyId, campaign.id, run);
    const rows = await this.ports.em.execute<Row[]>(
      `select ${COLUMNS} from campaign_shippings where company_id = ? and campaign_id = ? and run_number = ?
        order by id limit ? offset ?`,
      [companyId, campaign.id, run, PAGE_SIZE + 1, PAGE_SIZE * (pageNumber - 1)],
    );
    return {
      campaign: toCampaignDto(campaign),
      run,
      counts,
      shippings: rows.slice(0, PAGE_SIZE).map(toShippingDto),
      hasMore: rows.length > PAGE_SIZE,
    };
  }

  /** Every contact of the shown run as a sheet, read in keyset pages (headers as `labels` names them). */
  async exportXlsx(companyId: number, campaign: ICampaign, labels: ExportLabels): Promise<Buffer> {
    // exceljs loads on first use: some 25 MB of RSS that an idle server does not hold (issue 30).
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(campaign.name.slice(0, 31).replace(/[[\]*?/\\:]/g, ' ') || 'Campaign');
    sheet.columns = [
      { header: labels.name, key: 'name', width: 30 },
      { header: labels.number, key: 'number', width: 20 },
      { header: labels.state, key: 'state', width: 20 },
      { header: labels.failureReason, key: 'failureReason', width: 40 },
      { header: labels.deliveredAt, key: 'deliveredAt', width: 24 },
      { header: labels.confirmedAt, key: 'confirmedAt', width: 24 },
    ];
    let afterId = 0;
    for (;;) {
      const rows = await this.ports.em.execute<Row[]>(
        `select ${COLUMNS} from campaign_shippings
          where company_id = ? and campaign_id = ? and run_number = ? and id > ?
          order by id limit ?`,
        [companyId, campaign.id, shownRun(campaign), afterId, EXPORT_PAGE],
      );
      if (rows.length === 0) break;
      for (const r of rows) {
        const dto = toShippingDto(r);
        sheet.addRow({
          ...dto,
          state: labels.states[dto.state] ?? dto.state,
          failureReason: dto.failureReason ? labels.reason(dto.failureReason) : dto.failureReason,
          deliveredAt: r.delivered_at ? new Date(r.delivered_at) : null,
          confirmedAt: r.confirmed_at ? new Date(r.confirmed_at) : null,
        });
      }
      afterId = rows[rows.length - 1].id;
    }
    return Buffer.from(await book.xlsx.writeBuffer());
  }
}
