import {
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CampaignDto } from '../shared/campaign';
import { CAMPAIGN_RUNS_MAX, type CampaignRecurrence, WEEKDAYS } from '../shared/recurrence';

/** The modal's recurrence part, as the form holds it (dates as datetime-local text). */
export interface RecurrenceForm {
  recurrence: CampaignRecurrence;
  weekdays: number[];
  ends: 'date' | 'runs';
  endAt: string;
  runs: string;
}

export function initialRecurrence(c: CampaignDto | null, toLocalInput: (iso: string | null) => string) {
  return {
    recurrence: c?.recurrence ?? 'none',
    weekdays: c?.recurrenceWeekdays ?? [],
    ends: c?.recurrenceEndAt ? 'date' : 'runs',
    endAt: toLocalInput(c?.recurrenceEndAt ?? null),
    runs: c?.recurrenceRuns ? String(c.recurrenceRuns) : '',
  } satisfies RecurrenceForm;
}

/** What the API takes: one end only (the chosen one), no days unless weekly, nothing for a one-off campaign. */
export function recurrenceBody(r: RecurrenceForm) {
  const recurring = r.recurrence !== 'none';
  return {
    recurrence: r.recurrence,
    recurrenceWeekdays: r.recurrence === 'weekly' ? r.weekdays : [],
    recurrenceEndAt: recurring && r.ends === 'date' && r.endAt ? new Date(r.endAt).toISOString() : null,
    recurrenceRuns: recurring && r.ends === 'runs' ? r.runs : null,
  };
}

interface Props {
  value: RecurrenceForm;
  locked: boolean;
  onChange(value: RecurrenceForm): void;
  error(field: string): string | undefined;
}

/** Repeat (none, daily, weekly on chosen days, monthly) and its end: a last date or a number of runs. */
export function RecurrenceFields({ value, locked, onChange, error }: Props) {
  const { t } = useTranslation('campaigns');
  const set = <K extends keyof RecurrenceForm>(key: K, v: RecurrenceForm[K]) =>
    onChange({ ...value, [key]: v });
  const kinds: [CampaignRecurrence, string][] = [
    ['none', t('dialog.recurrenceNone')],
    ['daily', t('dialog.recurrenceDaily')],
    ['weekly', t('dialog.recurrenceWeekly')],
    ['monthly', t('dialog.recurrenceMonthly')],
  ];
  return (
    <>
      <FormGroup
        label={t('dialog.recurrence')}
        labelFor="campaign-recurrence"
        intent={error('recurrence') ? 'danger' : 'none'}
        helperText={
          error('recurrence') ?? (value.recurrence !== 'none' ? t('dialog.recurrenceHint') : undefined)
        }
      >
        <HTMLSelect
          id="campaign-recurrence"
          data-testid="campaign-recurrence"
          fill
          disabled={locked}
          value={value.recurrence}
          onChange={(e) => set('recurrence', e.currentTarget.value as CampaignRecurrence)}
          options={kinds.map(([v, label]) => ({ value: v, label }))}
        />
      </FormGroup>
      {value.recurrence === 'weekly' && (
        <FormGroup
          label={t('dialog.weekdays')}
          intent={error('recurrenceWeekdays') ? 'danger' : 'none'}
          helperText={error('recurrenceWeekdays')}
        >
          {WEEKDAYS.map((d) => (
            <Checkbox
              key={d}
              inline
              disabled={locked}
              label={t(`weekdays.${d}`)}
              data-testid={`campaign-weekday-${d}`}
              checked={value.weekdays.includes(d)}
              onChange={(e) =>
                set(
                  'weekdays',
                  e.currentTarget.checked ? [...value.weekdays, d] : value.weekdays.filter((w) => w !== d),
                )
              }
            />
          ))}
        </FormGroup>
      )}
      {value.recurrence !== 'none' && (
        <>
          <RadioGroup
            inline
            label={t('dialog.ends')}
            selectedValue={value.ends}
            disabled={locked}
            onChange={(e) => set('ends', e.currentTarget.value as RecurrenceForm['ends'])}
          >
            <Radio value="runs" label={t('dialog.endsAfterRuns')} data-testid="campaign-ends-runs" />
            <Radio value="date" label={t('dialog.endsOnDate')} data-testid="campaign-ends-date" />
          </RadioGroup>
          {value.ends === 'date' ? (
            <FormGroup
              label={t('dialog.recurrenceEndAt')}
              labelFor="campaign-recurrence-end"
              intent={error('recurrenceEndAt') ? 'danger' : 'none'}
              helperText={error('recurrenceEndAt')}
            >
              <InputGroup
                id="campaign-recurrence-end"
                data-testid="campaign-recurrence-end"
                type="datetime-local"
                value={value.endAt}
                readOnly={locked}
                onValueChange={(v) => set('endAt', v)}
              />
            </FormGroup>
          ) : (
            <FormGroup
              label={t('dialog.recurrenceRuns')}
              labelFor="campaign-recurrence-runs"
              intent={error('recurrenceRuns') || error('recurrenceEndAt') ? 'danger' : 'none'}
              helperText={error('recurrenceRuns') ?? error('recurrenceEndAt')}
            >
              <NumericInput
                id="campaign-recurrence-runs"
                data-testid="campaign-recurrence-runs"
                min={1}
                max={CAMPAIGN_RUNS_MAX}
                disabled={locked}
                value={value.runs}
                onValueChange={(_n, text) => set('runs', text)}
              />
            </FormGroup>
          )}
        </>
      )}
    </>
  );
}
