import type { ConnectionDto } from '@balcao/sdk';
import { AnchorButton, Button, FormGroup, InputGroup, type Intent, TextArea } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../notify/toaster';
import { embedSnippet, webchatPageUrl } from './connection-rules';
import { fetchConnection } from './connections-api';

/** Writes `text` to the clipboard; without the async clipboard (plain http) the selected box is copied instead. */
async function copyText(text: string, box: HTMLTextAreaElement | null): Promise<void> {
  if (navigator.clipboard) return navigator.clipboard.writeText(text);
  box?.select();
  if (!document.execCommand('copy')) throw new Error('copy refused');
}

/** The editable list of websites allowed to embed the chat (the dialog's form holds it). */
interface OriginsField {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  intent: Intent;
  disabled: boolean;
}

/**
 * A web chat connection's public page, the `<script>` a website embeds (issue: "an embeddable snippet") and the
 * websites allowed to show it (the page's CSP frame-ancestors).
 */
export function WebchatEmbed({ connection, origins }: { connection: ConnectionDto; origins: OriginsField }) {
  const { t } = useTranslation();
  const box = useRef<HTMLTextAreaElement>(null);
  const token = useConnectionToken(connection);
  if (!token) return null;
  const origin = window.location.origin;
  const page = webchatPageUrl(origin, token);
  const snippet = embedSnippet(origin, token);

  const handleCopy = async () => {
    try {
      await copyText(snippet, box.current);
      toastSuccess(t('connections.webchat.copied'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <section className="webchat-embed" data-testid="webchat-embed">
      <FormGroup label={t('connections.webchat.page')} labelFor="webchat-page-url">
        <div className="webchat-embed__row">
          <InputGroup id="webchat-page-url" value={page} readOnly fill />
          <AnchorButton
            icon="share"
            href={page}
            target="_blank"
            rel="noopener noreferrer"
            text={t('connections.webchat.open')}
            data-testid="webchat-page-link"
          />
        </div>
      </FormGroup>
      <FormGroup
        label={t('connections.webchat.snippet')}
        labelFor="webchat-snippet"
        helperText={t('connections.webchat.snippetHelp')}
      >
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
          <Button
            icon="duplicate"
            text={t('connections.webchat.copy')}
            onClick={handleCopy}
            data-testid="webchat-copy"
          />
        </div>
      </FormGroup>
      <FormGroup
        label={t('connections.webchat.origins')}
        labelFor="webchat-origins"
        labelInfo={t('common.optional')}
        helperText={origins.error ?? t('connections.webchat.originsHelp')}
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

/** The connection's token: known from the list, or read once (a connection first seen through a realtime event has none). */
function useConnectionToken(connection: ConnectionDto): string | null {
  const [token, setToken] = useState(connection.token);
  useEffect(() => {
    if (token) return;
    let alive = true;
    fetchConnection(connection.id).then((c) => alive && setToken(c.token), toastError);
    return () => {
      alive = false;
    };
  }, [connection.id, token]);
  return token;
}
