import type { ContactImportSummaryDto } from '@balcao/sdk';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  HTMLTable,
  ProgressBar,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { translateValidation } from '../forms/field-errors';
import { toastError } from '../notify/toaster';
import { uploadSpreadsheet } from './contacts-api';

/** Spec part 1 §9: the import window closes 15 s after completion. */
export const IMPORT_CLOSE_DELAY_MS = 15_000;
/** Spec part 1 §5: spreadsheets only, .xlsx and legacy .xls (columns name, number, email); no CSV. */
const ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/** Whether the chosen file is one the import takes (by name; the server judges the content again). */
export const isSpreadsheetName = (name: string): boolean => /\.xlsx?$/i.test(name.trim());

/** One failed row and every problem it has. */
interface FailedRow {
  row: number;
  values: { name: string; number: string; email: string };
  problems: { field: string; message: string }[];
}

export function groupRowErrors(summary: ContactImportSummaryDto): FailedRow[] {
  const byRow = new Map<number, FailedRow>();
  for (const e of summary.errors) {
    const row = byRow.get(e.row) ?? { row: e.row, values: e.values, problems: [] };
    row.problems.push({ field: e.field, message: e.message });
    byRow.set(e.row, row);
  }
  return [...byRow.values()].sort((a, b) => a.row - b.row);
}

/**
 * Import spreadsheet: choose an .xlsx or .xls (anything else, CSV included, is refused at once with a translated
 * message), upload it, watch progress, then the summary and each refused row with its error beside it. A clean
 * import closes by itself 15 s later; one with errors stays until closed.
 */
export function ImportDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<ContactImportSummaryDto | null>(null);
  /** Why the chosen file cannot be imported (translated), shown under the file input. */
  const [fileError, setFileError] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setSummary(null);
    setFileError(null);
    onClose();
  };

  const choose = (chosen: File | null) => {
    setSummary(null);
    if (chosen && !isSpreadsheetName(chosen.name)) {
      setFile(null);
      setFileError(t('validation.onlySpreadsheets'));
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  useEffect(() => {
    if (!summary || summary.errors.length > 0) return;
    const timer = setTimeout(() => {
      setFile(null);
      setSummary(null);
      onClose();
    }, IMPORT_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [summary, onClose]);

  const handleImport = async () => {
    if (!file) return;
    setBusy(true);
    setSummary(null);
    try {
      setSummary(await uploadSpreadsheet(file));
    } catch (err) {
      const refused = err instanceof ApiError ? err.fields.find((f) => f.path === 'file') : undefined;
      if (refused) setFileError(translateValidation(refused.message, t) ?? null);
      else toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const failed = summary ? groupRowErrors(summary) : [];
  const fieldName = (field: string) => t(`contacts.fields.${field}`, { defaultValue: field });
  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('contacts.import.title')}
      icon="import"
      className="import-dialog"
    >
      <DialogBody>
        <p className="import-dialog__hint">{t('contacts.import.hint')}</p>
        <FileInput
          fill
          text={file?.name ?? t('contacts.import.choose')}
          buttonText={t('contacts.import.browse')}
          hasSelection={file !== null}
          disabled={busy}
          inputProps={{ accept: ACCEPT, 'aria-label': t('contacts.import.choose') }}
          onInputChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
          data-testid="import-file"
        />
        {fileError && (
          <Callout className="import-dialog__file-error" intent="danger" data-testid="import-file-error">
            {fileError}
          </Callout>
        )}
        {busy && (
          <div className="import-dialog__progress" data-testid="import-progress">
            <ProgressBar intent="primary" />
            <span>{t('contacts.import.working')}</span>
          </div>
        )}
        {summary && (
          <Callout
            className="import-dialog__summary"
            intent={failed.length ? 'warning' : 'success'}
            data-testid="import-summary"
          >
            {t('contacts.import.summary', {
              created: summary.created,
              skipped: summary.skipped,
              failed: failed.length,
            })}
            {failed.length === 0 && (
              <div className="import-dialog__muted">{t('contacts.import.autoClose')}</div>
            )}
          </Callout>
        )}
        {failed.length > 0 && (
          <div className="import-dialog__rows">
            <HTMLTable compact striped className="import-dialog__table" data-testid="import-errors">
              <thead>
                <tr>
                  <th>{t('contacts.import.row')}</th>
                  <th>{t('contacts.fields.name')}</th>
                  <th>{t('contacts.fields.number')}</th>
                  <th>{t('contacts.fields.email')}</th>
                  <th>{t('contacts.import.error')}</th>
                </tr>
              </thead>
              <tbody>
                {failed.map((r) => (
                  <tr key={r.row} data-testid={`import-error-row-${r.row}`}>
                    <td>{r.row}</td>
                    <td>{r.values.name}</td>
                    <td>{r.values.number}</td>
                    <td>{r.values.email}</td>
                    <td className="import-dialog__error">
                      {r.problems
                        .map((p) => `${fieldName(p.field)}: ${translateValidation(p.message, t)}`)
                        .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('contacts.import.close')} onClick={close} data-testid="import-close" />
            <Button
              intent="primary"
              icon="upload"
              text={t('contacts.import.submit')}
              disabled={!file || busy}
              loading={busy}
              onClick={handleImport}
              data-testid="import-submit"
            />
          </>
        }
      />
    </Dialog>
  );
}
