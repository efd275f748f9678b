import { type ScheduleRow, scheduleRowSchema } from '@balcao/sdk';
import { HTMLTable, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { translateValidation } from './field-errors';
import './weekly-schedule.css';

type TimeField = 'startTimeA' | 'endTimeA' | 'startTimeB' | 'endTimeB';
const PERIODS: readonly (readonly [TimeField, TimeField])[] = [
  ['startTimeA', 'endTimeA'],
  ['startTimeB', 'endTimeB'],
];

/**
 * Service hours, a row per weekday with two periods (spec part 1 §3 "Weekly schedule row"): the connection's
 * schedules tab, and the company's and queues' schedules after it. An emptied period is closed. Each row is checked
 * as it is typed (the SDK's scheduleRowSchema, which the server applies too): the cell at fault turns red with why.
 * @example <WeeklyScheduleEditor rows={rows} onChange={setRows} />
 */
export function WeeklyScheduleEditor({
  rows,
  onChange,
  disabled,
  testId = 'schedule',
}: {
  rows: readonly ScheduleRow[];
  onChange(rows: ScheduleRow[]): void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  // Per row: the field at fault and why (the first issue).
  const problems = rows.map((row) => {
    const issue = scheduleRowSchema.safeParse(row).error?.issues[0];
    return issue ? { field: String(issue.path[0] ?? ''), message: issue.message } : null;
  });
  const setTime = (day: number, field: TimeField, value: string) =>
    onChange(rows.map((row, i) => (i === day ? { ...row, [field]: value } : row)));

  return (
    <HTMLTable compact className="weekly-schedule" data-testid={testId}>
      <thead>
        <tr>
          <th>{t('schedules.weekday')}</th>
          <th>{t('schedules.periodA')}</th>
          <th>{t('schedules.periodB')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, day) => (
          <tr key={row.weekdayEn} data-testid={`${testId}-${row.weekdayEn}`}>
            <th scope="row">{t(`schedules.weekdays.${row.weekdayEn}`)}</th>
            {PERIODS.map(([start, end]) => {
              const problem = [start, end].includes(problems[day]?.field as TimeField) ? problems[day] : null;
              return (
                <td key={start}>
                  <div className="weekly-schedule__period">
                    {[start, end].map((field) => (
                      <InputGroup
                        key={field}
                        type="time"
                        size="small"
                        value={row[field]}
                        onValueChange={(value) => setTime(day, field, value)}
                        intent={problem?.field === field ? 'danger' : 'none'}
                        disabled={disabled}
                        aria-label={t(`schedules.${field}`, {
                          day: t(`schedules.weekdays.${row.weekdayEn}`),
                        })}
                        data-testid={`${testId}-${row.weekdayEn}-${field}`}
                      />
                    ))}
                  </div>
                  {problem && (
                    <div className="weekly-schedule__error" data-testid={`${testId}-${row.weekdayEn}-error`}>
                      {translateValidation(problem.message, t)}
                    </div>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
