import type { ConnectionDto } from '@balcao/sdk';
import { Button, HTMLTable, Icon, NonIdealState, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ChannelIcon } from '../tickets/shared/channel-icon';
import { formatShortDateTime } from '../tickets/shared/format';
import { failureOf, statusIntent } from './connection-rules';
import { SessionActions } from './session-actions';

interface Props {
  /** null while the first load runs. */
  connections: ConnectionDto[] | null;
  onEdit(connection: ConnectionDto): void;
  onDelete(connection: ConnectionDto): void;
  /** Opens the QR-code modal of a connection waiting to be scanned. */
  onShowQr(connection: ConnectionDto): void;
}

/**
 * The connections (spec part 1 "Connections screen" columns): channel, name, number, status, session actions (for
 * channels with a remote session), last update, default, actions.
 */
export function ConnectionsTable({ connections, onEdit, onDelete, onShowQr }: Props) {
  const { t } = useTranslation();
  if (connections === null) return <Spinner size={32} />;
  if (connections.length === 0) {
    return (
      <NonIdealState icon="satellite" description={t('connections.empty')} data-testid="connections-empty" />
    );
  }
  return (
    <div className="connections-table">
      <HTMLTable compact striped data-testid="connections-table">
        <thead>
          <tr>
            <th className="connections-table__icon">{t('connections.columns.channel')}</th>
            <th>{t('connections.columns.name')}</th>
            <th className="connections-table__wide">{t('connections.columns.number')}</th>
            <th>{t('connections.columns.status')}</th>
            <th>{t('connections.columns.session')}</th>
            <th className="connections-table__wide">{t('connections.columns.updatedAt')}</th>
            <th className="connections-table__center">{t('connections.columns.isDefault')}</th>
            <th className="connections-table__actions">{t('connections.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {connections.map((c) => (
            <tr key={c.id} data-testid={`connection-row-${c.id}`} data-name={c.name}>
              <td className="connections-table__icon">
                <ChannelIcon channel={c.channel} size={16} />
              </td>
              <td className="connections-table__name" data-testid="connection-name">
                {c.name}
              </td>
              <td className="connections-table__wide">{c.number || '—'}</td>
              <td>
                <Tag minimal round intent={statusIntent(c.status)} data-testid="connection-status">
                  {t(`connections.status.${c.status}`)}
                </Tag>
                {c.notInPlan && (
                  <Tooltip content={t('connections.notInPlan.reason')}>
                    <Tag
                      minimal
                      round
                      intent="warning"
                      icon="lock"
                      className="connections-table__plan"
                      data-testid="connection-not-in-plan"
                      title={t('connections.notInPlan.reason')}
                    >
                      {t('connections.notInPlan.tag')}
                    </Tag>
                  </Tooltip>
                )}
                {failureOf(c) && (
                  <div className="connections-table__failure" data-testid="connection-failure">
                    {t(`connections.failure.${failureOf(c)}`)}
                  </div>
                )}
              </td>
              <td>{!c.notInPlan && <SessionActions connection={c} onShowQr={onShowQr} />}</td>
              <td className="connections-table__wide">{formatShortDateTime(c.updatedAt)}</td>
              <td className="connections-table__center">
                {c.isDefault && (
                  <Icon
                    icon="tick-circle"
                    intent="success"
                    title={t('connections.columns.isDefault')}
                    aria-label={t('connections.columns.isDefault')}
                    data-testid="connection-default"
                  />
                )}
              </td>
              <td className="connections-table__actions">
                <Button
                  variant="minimal"
                  icon="edit"
                  aria-label={t('connections.actions.edit')}
                  title={t('connections.actions.edit')}
                  onClick={() => onEdit(c)}
                  data-testid="connection-edit"
                />
                <Button
                  variant="minimal"
                  icon="trash"
                  intent="danger"
                  aria-label={t('connections.actions.delete')}
                  title={t('connections.actions.delete')}
                  onClick={() => onDelete(c)}
                  data-testid="connection-delete"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
