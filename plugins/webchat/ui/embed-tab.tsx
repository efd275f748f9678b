import type { ConnectionDto } from '@balcao/sdk';
import { useSlotConnection, useSlotConnectionField, useUiHost } from '@balcao/sdk/ui';
import { AnchorButton, Button, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { embedSnippet, webchatPageUrl } from './embed-rules';
import './embed-tab.css';

/** Writes `text` to the clipboard; without the async clipboard (plain http) the selected box is copied instead. */
async function copyText(text: string, box: HTMLTextAreaElement | null): Promise<void> {
  if (navigator.clipboard) return navigator.clipboard.writeText(text);
  box?.select();
  if (!document.execCommand('copy')) throw new Error('copy refused');
}

/**
 * The web chat tab of the connection dialog (slot `connection.dialog.tabs`): the connection's public page, the
 * `<script>` a website embeds, and the websites allowed to show it (the form's `embedOrigins`, the page's CSP
 * frame-ancestors). A connection being created has no page yet: only the websites.
 */
export function EmbedTab() {
  const { t } = useTranslation('webchat');
  const connection = useSlotConnection();
  const origins = useSlotConnectionField('embedOrigins');
  return (
    <section className="webchat-embed" data-testid="webchat-embed">
      {connection && <EmbedCode connection={connection} />}
      <FormGroup
        label={t('embed.origins')}
        labelFor="webchat-origins"
        labelInfo={t('embed.optional')}
        helperText={origins.error ?? t('embed.originsHelp')}
        intent={origins.intent}
      >
        <TextArea
          id="webchat-origins"
          className="webchat-embed__code"
          value={origins.value}
          onChange={(e) => origins.onChange(e.currentTarget.value)}
          intent={origins.intent}
          disabled={origins.disabled}
          placeholder="https://www.example.com"
          fill
          autoResize
          rows={2}
          data-testid="webchat-origins"
        />
      </FormGroup>
    </section>
  );
}

function EmbedCode({ connection }: { connection: ConnectionDto }) {
  const { t } = useTranslation('webchat');
  const { toastError, toastSuccess } = useUiHost();
  const box = useRef<HTMLTextAreaElement>(null);
  const token = useConnectionToken(connection);
  if (!token) return null;
  const origin = window.location.origin;
  const page = webchatPageUrl(origin, token);
  const snippet = embedSnippet(origin, token);

  const handleCopy = async () => {
    try {
      await copyText(snippet, box.current);
      toastSuccess(t('embed.copied'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <>
      <FormGroup label={t('embed.page')} labelFor="webchat-page-url">
        <div className="webchat-embed__row">
          <InputGroup id="webchat-page-url" value={page} readOnly fill />
          <AnchorButton
            icon="share"
            href={page}
            target="_blank"
            rel="noopener noreferrer"
            text={t('embed.open')}
            data-testid="webchat-page-link"
          />
        </div>
      </FormGroup>
      <FormGroup label={t('embed.snippet')} labelFor="webchat-snippet" helperText={t('embed.snippetHelp')}>
        <div className="webchat-embed__row">
          <TextArea
            id="webchat-snippet"
            inputRef={box}
            className="webchat-embed__code"
            value={snippet}
            readOnly
            fill
            rows={3}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="webchat-snippet"
          />
          <Button icon="duplicate" text={t('embed.copy')} onClick={handleCopy} data-testid="webchat-copy" />
        </div>
      </FormGroup>
    </>
  );
}

/** The connection's token: known from the list, or read once (a connection first seen through a realtime event has none). */
function useConnectionToken(connection: ConnectionDto): string | null {
  const { api, toastError } = useUiHost();
  const [token, setToken] = useState(connection.token);
  useEffect(() => {
    if (token) return;
    let alive = true;
    api.get<ConnectionDto>(`/whatsapp/${connection.id}`).then((c) => alive && setToken(c.token), toastError);
    return () => {
      alive = false;
    };
  }, [api, toastError, connection.id, token]);
  return token;
}
