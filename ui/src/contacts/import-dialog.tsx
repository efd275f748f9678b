import type { ContactSheetRowDto } from '@balcao/sdk';
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
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { translateValidation } from '../forms/field-errors';
import { errorMessage } from '../notify/error-message';
import { toastError } from '../notify/toaster';
import { postContactRow, readSpreadsheetRows } from './contacts-api';
import { type FailedRow, type RowImportResult, runRowImport } from './import-runner';

/** Spec part 1 §9: the import window closes 15 s after completion. */
export const IMPORT_CLOSE_DELAY_MS = 15_000;
/** Spec part 1 §5: spreadsheets only, .xlsx and legacy .xls (columns name, number, email); no CSV. */
const ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/** The reader's refusals of a sheet (too large, one already being read), shown under the file like a bad file. */
const SHEET_REFUSALS = new Set([
  'ERR_SPREADSHEET_TOO_LARGE',
  'ERR_IMPORT_IN_PROGRESS',
  'ERR_SPREADSHEET_BUSY',
]);

/** Whether the chosen file is one the import takes (by name; the server judges the content again). */
export const isSpreadsheetName = (name: string): boolean => /\.xlsx?$/i.test(name.trim());

/** Where the import is: choosing a file, the server reading it, rows being posted, or finished. */
type Phase = 'idle' | 'reading' | 'running' | 'done';

/**
 * Import spreadsheet (spec part 1 §9): choose an .xlsx or .xls (anything else, CSV included, is refused at once with a
 * translated message); the server reads its rows, then they are posted one every 330 ms with "n of N" progress every
 * 5 rows, each refused row listed with its error beside it as it comes, the others going on. Cancel stops before the
 * next row (those not posted are not imported). A clean import closes by itself 15 s later; one with errors, or
 * cancelled, stays until closed.
 */
export function ImportDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [failed, setFailed] = useState<FailedRow[]>([]);
  const [result, setResult] = useState<RowImportResult | null>(null);
  /** Why the chosen file cannot be imported (translated), shown under the file input. */
  const [fileError, setFileError] = useState<string | null>(null);
  /** The running import: aborting it cancels; a closed dialog drops it so its late answers are ignored. */
  const run = useRef<AbortController | null>(null);

  const reset = () => {
    run.current?.abort();
    run.current = null;
    setPhase('idle');
    setProgress(null);
    setFailed([]);
    setResult(null);
  };

  const close = () => {
    reset();
    setFile(null);
    setFileError(null);
    onClose();
  };

  useEffect(() => () => run.current?.abort(), []);

  const choose = (chosen: File | null) => {
    reset();
    if (chosen && !isSpreadsheetName(chosen.name)) {
      setFile(null);
      setFileError(t('validation.onlySpreadsheets'));
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  useEffect(() => {
    if (!result || result.failed.length > 0 || result.cancelled) return;
    const timer = setTimeout(() => {
      run.current = null;
      setFile(null);
      setPhase('idle');
      setProgress(null);
      setResult(null);
      onClose();
    }, IMPORT_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [result, onClose]);

  const handleImport = async () => {
    if (!file) return;
    reset();
    const controller = new AbortController();
    run.current = controller;
    const current = () => run.current === controller;
    setPhase('reading');
    let rows: ContactSheetRowDto[];
    try {
      rows = (await readSpreadsheetRows(file)).rows;
    } catch (err) {
      if (!current()) return;
      setPhase('idle');
      const refused = err instanceof ApiError ? err.fields.find((f) => f.path === 'file') : undefined;
      if (refused) setFileError(translateValidation(refused.message, t) ?? null);
      else if (err instanceof ApiError && err.code && SHEET_REFUSALS.has(err.code))
        setFileError(t(`errors.${err.code}`));
      else toastError(err);
      return;
    }
    if (!current()) return;
    setProgress({ done: 0, total: rows.length });
    setPhase('running');
    const outcome = await runRowImport(rows, {
      post: postContactRow,
      signal: controller.signal,
      onProgress: (done, total) => current() && setProgress({ done, total }),
      onFailed: (row) => current() && setFailed((list) => [...list, row]),
      describeError: (err) => [
        { field: '', message: errorMessage(err, { exists: (k) => i18n.exists(k), t: (k) => t(k) }) },
      ],
    });
    if (!current()) return;
    setResult(outcome);
    setPhase('done');
  };

  const busy = phase === 'reading' || phase === 'running';
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
        {phase === 'reading' && (
          <div className="import-dialog__progress" data-testid="import-progress">
            <ProgressBar intent="primary" />
            <span>{t('contacts.import.reading')}</span>
          </div>
        )}
        {progress && phase !== 'reading' && (
          <div className="import-dialog__progress" data-testid="import-progress">
            <ProgressBar
              intent={phase === 'done' ? 'success' : 'primary'}
              value={progress.total ? progress.done / progress.total : 1}
              animate={phase === 'running'}
              stripes={phase === 'running'}
            />
            <span>
              {phase === 'running' && `${t('contacts.import.working')} `}
              <span data-testid="import-progress-count">
                {t('contacts.import.progress', { done: progress.done, total: progress.total })}
              </span>
            </span>
          </div>
        )}
        {result && (
          <Callout
            className="import-dialog__summary"
            intent={result.failed.length || result.cancelled ? 'warning' : 'success'}
            data-testid="import-summary"
          >
            {result.total === 0
              ? t('contacts.import.empty')
              : t('contacts.import.summary', {
                  created: result.created,
                  updated: result.updated,
                  count: result.failed.length,
                })}
            {result.cancelled && (
              <div data-testid="import-cancelled">
                {t('contacts.import.cancelled', { done: result.done, count: result.total })}
              </div>
            )}
            {result.failed.length === 0 && !result.cancelled && (
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
                        .map((p) =>
                          p.field ? `${fieldName(p.field)}: ${translateValidation(p.message, t)}` : p.message,
                        )
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
            {phase === 'running' ? (
              <Button
                text={t('contacts.import.cancel')}
                onClick={() => run.current?.abort()}
                data-testid="import-cancel"
              />
            ) : (
              <Button text={t('contacts.import.close')} onClick={close} data-testid="import-close" />
            )}
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
