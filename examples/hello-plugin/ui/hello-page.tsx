import { useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import {
  Button,
  FormGroup,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Section,
  SectionCard,
  Tag,
} from '@blueprintjs/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GREETING_MAX_LENGTH,
  type GreetingDto,
  type GreetingPageDto,
  greetingInputSchema,
} from '../shared/greeting';

/** /hello — the company's greetings, newest first, and a form to add one. */
export function HelloPage() {
  const { t } = useTranslation('hello');
  const { api, toastError } = useUiHost();
  const [greetings, setGreetings] = useState<GreetingDto[]>([]);
  const [page, setPage] = useState({ number: 0, hasMore: false });
  const [loading, setLoading] = useState(true);
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);

  const load = useCallback(
    async (pageNumber: number) => {
      setLoading(true);
      try {
        const result = await api.get<GreetingPageDto>('/hello', { pageNumber });
        setGreetings((shown) => (pageNumber === 1 ? result.greetings : [...shown, ...result.greetings]));
        setPage({ number: pageNumber, hasMore: result.hasMore });
      } catch (error) {
        toastError(error);
      } finally {
        setLoading(false);
      }
    },
    [api, toastError],
  );

  // The `process` job reports back over the company channel: the row flips to Processed without a reload.
  // The job may finish before the POST's answer arrives, so both paths upsert and the newer state wins.
  useCompanyChannel('hello', (data) => {
    const { greeting } = data as { greeting?: GreetingDto };
    if (greeting) setGreetings((shown) => upsert(shown, greeting));
  });

  useEffect(() => {
    void load(1);
  }, [load]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const created = await api.post<GreetingDto>('/hello', { message });
      setGreetings((shown) => upsert(shown, created));
      setMessage('');
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section title={t('title')} icon="hand">
      <SectionCard>
        <form onSubmit={handleSubmit}>
          <FormGroup label={t('message')} labelFor="hello-message">
            <InputGroup
              id="hello-message"
              value={message}
              onValueChange={setMessage}
              maxLength={GREETING_MAX_LENGTH}
              placeholder={t('placeholder')}
              rightElement={
                <Button
                  type="submit"
                  intent="primary"
                  text={t('send')}
                  loading={saving}
                  disabled={!greetingInputSchema.safeParse({ message }).success}
                />
              }
            />
          </FormGroup>
        </form>
      </SectionCard>
      <SectionCard padded={false}>
        <GreetingTable greetings={greetings} loading={loading} />
      </SectionCard>
      {page.hasMore && (
        <SectionCard>
          <Button text={t('loadMore')} loading={loading} onClick={() => load(page.number + 1)} fill />
        </SectionCard>
      )}
    </Section>
  );
}

/** Puts `greeting` in the list (newest first), never replacing a processed row with an older pending copy. */
function upsert(shown: GreetingDto[], greeting: GreetingDto): GreetingDto[] {
  const current = shown.find((g) => g.id === greeting.id);
  if (!current) return [greeting, ...shown].sort((a, b) => b.id - a.id);
  if (current.processedAt && !greeting.processedAt) return shown;
  return shown.map((g) => (g.id === greeting.id ? greeting : g));
}

function GreetingTable({ greetings, loading }: { greetings: GreetingDto[]; loading: boolean }) {
  const { t, i18n } = useTranslation('hello');
  if (!greetings.length && !loading) {
    return <NonIdealState icon="hand" title={t('empty')} description={t('emptyHint')} />;
  }
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <HTMLTable striped style={{ width: '100%' }}>
      <thead>
        <tr>
          <th>{t('message')}</th>
          <th>{t('createdAt')}</th>
          <th>{t('status')}</th>
        </tr>
      </thead>
      <tbody>
        {greetings.map((g) => (
          <tr key={g.id}>
            <td>{g.message}</td>
            <td>{when.format(new Date(g.createdAt))}</td>
            <td>
              <Tag minimal intent={g.processedAt ? 'success' : 'none'}>
                {t(g.processedAt ? 'processed' : 'pending')}
              </Tag>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
