import type { ChatbotOptionType, QueueRef } from '@balcao/sdk';
import {
  Button,
  ButtonGroup,
  Card,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BotEngineSelect } from '../forms/bot-engine-select';
import { translateValidation } from '../forms/field-errors';
import { SourceSelect } from '../forms/source-select';
import {
  addOption,
  canNest,
  type EditableOption,
  fieldPath,
  moveOption,
  type OptionPath,
  offeredOptionTypes,
  removeOption,
  updateOption,
} from './chatbot-tree-model';

interface Props {
  options: EditableOption[];
  onChange(options: EditableOption[]): void;
  /** Problems by API path (`chatbots.0.options.1.name`). */
  errors: Record<string, string>;
  queues: readonly QueueRef[];
  users: readonly { id: number; name: string }[];
  disabled?: boolean;
}

/**
 * The queue's chatbot options (spec part 2 §2: nested trees inside the queue modal): each option has a name, a
 * message, a type with its target (queue, attendant, a bot engine and integration record, a file list) and options
 * under it; options are added, nested, moved up and down and removed in place, and saved with the queue.
 */
export function ChatbotTreeEditor({ options, onChange, errors, queues, users, disabled }: Props) {
  const { t } = useTranslation();
  const shared = { root: options, onChange, errors, queues, users, disabled };
  return (
    <div className="chatbot-tree" data-testid="chatbot-tree">
      <p className="bp6-text-muted">{t('queues.chatbot.intro')}</p>
      {errors.chatbots && <p className="chatbot-tree__error">{translateValidation(errors.chatbots, t)}</p>}
      {options.length === 0 && <p className="bp6-text-muted">{t('queues.chatbot.empty')}</p>}
      {options.map((option, i) => (
        <OptionCard key={option.key} option={option} path={[i]} siblings={options.length} {...shared} />
      ))}
      <Button
        icon="add"
        text={t('queues.chatbot.add')}
        disabled={disabled}
        onClick={() => onChange(addOption(options, []))}
        data-testid="chatbot-add"
      />
    </div>
  );
}

interface CardProps extends Omit<Props, 'options'> {
  root: EditableOption[];
  option: EditableOption;
  path: OptionPath;
  siblings: number;
}

function OptionCard({ root, option, path, siblings, onChange, errors, queues, users, disabled }: CardProps) {
  const { t } = useTranslation();
  const id = `chatbot-${path.join('-')}`;
  const index = path[path.length - 1] ?? 0;
  const err = (field: string) => translateValidation(errors[fieldPath(path, field)], t);
  const set = (fields: Parameters<typeof updateOption>[2]) => onChange(updateOption(root, path, fields));
  const target = targetOf(option.queueType);

  return (
    <Card compact className="chatbot-tree__option" data-testid={id}>
      <div className="chatbot-tree__head">
        <span className="chatbot-tree__number">{path.map((i) => i + 1).join('.')}</span>
        <FormGroup
          label={t('queues.chatbot.name')}
          labelFor={`${id}-name`}
          helperText={err('name')}
          intent={err('name') ? 'danger' : 'none'}
          className="chatbot-tree__name"
        >
          <InputGroup
            id={`${id}-name`}
            value={option.name}
            onValueChange={(name) => set({ name })}
            intent={err('name') ? 'danger' : 'none'}
            disabled={disabled}
            data-testid={`${id}-name`}
          />
        </FormGroup>
        <FormGroup label={t('queues.chatbot.type')} labelFor={`${id}-type`}>
          <HTMLSelect
            id={`${id}-type`}
            value={option.queueType}
            onChange={(e) => set({ queueType: e.currentTarget.value as ChatbotOptionType })}
            disabled={disabled}
            data-testid={`${id}-type`}
            options={offeredOptionTypes(option.queueType).map((type) => ({
              value: type,
              label: t(`queues.chatbot.types.${type}`),
            }))}
          />
        </FormGroup>
        {option.queueType === 'integration' && (
          <BotEngineSelect
            id={`${id}-engine`}
            value={option.optBotEngine}
            onChange={(optBotEngine) => set({ optBotEngine })}
            helpKey="botEngines.optionHelp"
            error={err('optBotEngine')}
            disabled={disabled}
          />
        )}
        {option.queueType === 'integration' && (
          <SourceSelect
            kind="integration"
            id={`${id}-integration`}
            value={option.optIntegrationId ?? null}
            onChange={(optIntegrationId) => set({ optIntegrationId })}
            disabled={disabled}
          />
        )}
        {option.queueType === 'file' && (
          <SourceSelect
            kind="fileList"
            id={`${id}-fileList`}
            value={option.optFileId ?? null}
            onChange={(optFileId) => set({ optFileId })}
            disabled={disabled}
            always
            error={err('optFileId')}
          />
        )}
        {target && (
          <FormGroup
            label={t('queues.chatbot.target')}
            labelFor={`${id}-target`}
            helperText={err(target)}
            intent={err(target) ? 'danger' : 'none'}
          >
            <HTMLSelect
              id={`${id}-target`}
              value={String(option[target] ?? '')}
              onChange={(e) =>
                set({ [target]: e.currentTarget.value ? Number(e.currentTarget.value) : null })
              }
              disabled={disabled}
              data-testid={`${id}-target`}
              options={[
                {
                  value: '',
                  label: t(
                    target === 'optUserId' ? 'queues.chatbot.chooseUser' : 'queues.chatbot.chooseQueue',
                  ),
                },
                ...(target === 'optQueueId' ? queues : users).map((x) => ({
                  value: String(x.id),
                  label: x.name,
                })),
              ]}
            />
          </FormGroup>
        )}
        <ButtonGroup variant="minimal" className="chatbot-tree__actions">
          <Button
            icon="arrow-up"
            aria-label={t('queues.chatbot.moveUp')}
            title={t('queues.chatbot.moveUp')}
            disabled={disabled || index === 0}
            onClick={() => onChange(moveOption(root, path, -1))}
            data-testid={`${id}-up`}
          />
          <Button
            icon="arrow-down"
            aria-label={t('queues.chatbot.moveDown')}
            title={t('queues.chatbot.moveDown')}
            disabled={disabled || index === siblings - 1}
            onClick={() => onChange(moveOption(root, path, 1))}
            data-testid={`${id}-down`}
          />
          <Button
            icon="trash"
            intent="danger"
            aria-label={t('queues.chatbot.remove')}
            title={t('queues.chatbot.remove')}
            disabled={disabled}
            onClick={() => onChange(removeOption(root, path))}
            data-testid={`${id}-remove`}
          />
        </ButtonGroup>
      </div>
      <FormGroup
        label={t('queues.chatbot.message')}
        labelFor={`${id}-message`}
        helperText={err('greetingMessage')}
        intent={err('greetingMessage') ? 'danger' : 'none'}
      >
        <TextArea
          id={`${id}-message`}
          fill
          rows={2}
          value={option.greetingMessage ?? ''}
          onChange={(e) => set({ greetingMessage: e.currentTarget.value })}
          intent={err('greetingMessage') ? 'danger' : 'none'}
          disabled={disabled}
          data-testid={`${id}-message`}
        />
      </FormGroup>
      <Switch
        label={t('queues.chatbot.closeTicket')}
        checked={option.closeTicket}
        onChange={(e) => set({ closeTicket: e.currentTarget.checked })}
        disabled={disabled}
        data-testid={`${id}-close`}
      />
      {option.options.length > 0 && (
        <div className="chatbot-tree__children">
          {option.options.map((child, i) => (
            <OptionCard
              key={child.key}
              root={root}
              option={child}
              path={[...path, i]}
              siblings={option.options.length}
              onChange={onChange}
              errors={errors}
              queues={queues}
              users={users}
              disabled={disabled}
            />
          ))}
        </div>
      )}
      {canNest(path) ? (
        <Button
          variant="minimal"
          size="small"
          icon="add"
          text={t('queues.chatbot.addNested')}
          disabled={disabled}
          onClick={() => onChange(addOption(root, path))}
          data-testid={`${id}-add`}
        />
      ) : (
        <p className="bp6-text-muted">{t('queues.chatbot.maxDepth')}</p>
      )}
    </Card>
  );
}

/** The field naming the queue or attendant an option of this type goes to; other types pick theirs by name. */
function targetOf(type: ChatbotOptionType) {
  if (type === 'queue') return 'optQueueId' as const;
  if (type === 'attendent') return 'optUserId' as const;
  return null;
}
