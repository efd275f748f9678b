import { useUiHost } from '@balcao/sdk/ui';
import { Callout, Card, Classes, H3, H4, H5, Pre } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEND_PATH } from '../shared/send';
import { SendTestForm } from './send-forms';

const JSON_EXAMPLE = JSON.stringify(
  { number: '5511999999999', body: 'Olá!', userId: 1, queueId: 1, sendSignature: false },
  null,
  2,
);

// Long lines (the OpenAPI document's descriptions) wrap instead of widening the page past the screen.
const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * /messages-api (spec part 2 §2): documents the text and media sends of `POST /api/messages/send`, offers a test
 * form for each, and shows the OpenAPI 3.1 document. Plans without useExternalApi never reach it (the shell's toast
 * and redirect).
 */
export function MessagesApiPage() {
  const { t } = useTranslation('external-api');
  const { api, toastError } = useUiHost();
  const [openApi, setOpenApi] = useState<unknown>(null);
  const endpoint = `${window.location.origin}${SEND_PATH}`;

  useEffect(() => {
    api.get('/openapi.json').then(setOpenApi, toastError);
  }, [api, toastError]);

  return (
    <div className="list-screen" data-testid="messages-api-page" style={{ overflow: 'auto' }}>
      <header className="page-header">
        <H3 className="page-header__title">{t('title')}</H3>
      </header>
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16, padding: 16 }}>
        <Callout intent="primary" title={t('notes')}>
          <ul>
            <li>{t('noteToken')}</li>
            <li>{t('noteNumber')}</li>
            <li>{t('noteIdempotency')}</li>
            <li>{t('noteRate')}</li>
          </ul>
        </Callout>
        <H4>{t('methods')}</H4>
        <Card data-testid="messages-api-text">
          <H5>{t('textTitle')}</H5>
          <p className={Classes.TEXT_MUTED}>{t('textHelp')}</p>
          <dl>
            <dt>{t('endpoint')}</dt>
            <dd style={{ overflowWrap: 'anywhere' }}>
              <code>{endpoint}</code>
            </dd>
            <dt>{t('method')}</dt>
            <dd>
              <code>POST</code>
            </dd>
            <dt>{t('headers')}</dt>
            <dd>
              <code>Authorization: Bearer (token)</code> · <code>Content-Type: application/json</code> ·{' '}
              <code>Idempotency-Key: (…)</code>
            </dd>
            <dt>{t('body')}</dt>
          </dl>
          <Pre style={WRAP}>{JSON_EXAMPLE}</Pre>
          <H5>{t('testText')}</H5>
          <SendTestForm media={false} />
        </Card>
        <Card data-testid="messages-api-media">
          <H5>{t('mediaTitle')}</H5>
          <p className={Classes.TEXT_MUTED}>{t('mediaHelp')}</p>
          <dl>
            <dt>{t('endpoint')}</dt>
            <dd style={{ overflowWrap: 'anywhere' }}>
              <code>{endpoint}</code>
            </dd>
            <dt>{t('method')}</dt>
            <dd>
              <code>POST</code>
            </dd>
            <dt>{t('headers')}</dt>
            <dd>
              <code>Authorization: Bearer (token)</code> · <code>Content-Type: multipart/form-data</code>
            </dd>
            <dt>{t('formData')}</dt>
            <dd>
              <code>number</code> · <code>body</code> · <code>medias</code> · <code>userId</code> ·{' '}
              <code>queueId</code> · <code>sendSignature</code>
            </dd>
          </dl>
          <H5>{t('testMedia')}</H5>
          <SendTestForm media />
        </Card>
        <Card data-testid="messages-api-openapi">
          <H5>{t('openapi')}</H5>
          <p className={Classes.TEXT_MUTED}>{t('openapiHelp')}</p>
          <Pre style={{ ...WRAP, maxHeight: 480, overflow: 'auto' }}>
            {openApi ? JSON.stringify(openApi, null, 2) : '…'}
          </Pre>
        </Card>
      </div>
    </div>
  );
}
