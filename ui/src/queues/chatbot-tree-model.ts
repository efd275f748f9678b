import {
  CHATBOT_MAX_DEPTH,
  CHATBOT_OPTION_TYPES,
  type ChatbotDto,
  type ChatbotNodeInput,
  type ChatbotOptionType,
} from '@balcao/sdk';

/** An option as the editor holds it: the input fields plus a key for React (new options have no id yet). */
export interface EditableOption extends Omit<ChatbotNodeInput, 'options'> {
  key: string;
  options: EditableOption[];
}

/** Where an option sits: its index at each level, from the root. */
export type OptionPath = readonly number[];

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

/** A fresh text option. */
export const blankOption = (): EditableOption => ({
  key: newKey(),
  name: '',
  greetingMessage: '',
  queueType: 'text',
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optBotEngine: null,
  optFileId: null,
  closeTicket: false,
  options: [],
});

/** The saved tree, ready to edit. */
export const toEditable = (nodes: readonly ChatbotDto[]): EditableOption[] =>
  nodes.map((n) => ({
    key: `id-${n.id}`,
    id: n.id,
    name: n.name,
    greetingMessage: n.greetingMessage ?? '',
    queueType: n.queueType,
    optQueueId: n.optQueueId,
    optUserId: n.optUserId,
    optIntegrationId: n.optIntegrationId,
    optBotEngine: n.optBotEngine,
    optFileId: n.optFileId,
    closeTicket: n.closeTicket,
    options: toEditable(n.options),
  }));

/** The tree as the API takes it (`chatbots` of PUT /queue/{id}): keys dropped, empty messages null. */
export const toInput = (nodes: readonly EditableOption[]): ChatbotNodeInput[] =>
  nodes.map(({ key: _key, options, greetingMessage, ...rest }) => ({
    ...rest,
    greetingMessage: greetingMessage?.trim() ? greetingMessage : null,
    options: toInput(options),
  }));

/** `nodes` with the sibling list at `parent` (the root for []) changed by `change`. */
function atList(
  nodes: readonly EditableOption[],
  parent: OptionPath,
  change: (list: EditableOption[]) => EditableOption[],
): EditableOption[] {
  if (parent.length === 0) return change([...nodes]);
  const [head, ...rest] = parent;
  return nodes.map((n, i) => (i === head ? { ...n, options: atList(n.options, rest, change) } : n));
}

const split = (path: OptionPath) => ({ parent: path.slice(0, -1), index: path[path.length - 1] ?? 0 });

/** Adds a blank option last under `parent` ([] for the root). */
export const addOption = (nodes: readonly EditableOption[], parent: OptionPath) =>
  atList(nodes, parent, (list) => [...list, blankOption()]);

export const removeOption = (nodes: readonly EditableOption[], path: OptionPath) => {
  const { parent, index } = split(path);
  return atList(nodes, parent, (list) => list.filter((_, i) => i !== index));
};

/** Swaps the option with its previous (-1) or next (+1) sibling; at an end, nothing changes. */
export const moveOption = (nodes: readonly EditableOption[], path: OptionPath, by: -1 | 1) => {
  const { parent, index } = split(path);
  return atList(nodes, parent, (list) => {
    const other = index + by;
    if (other < 0 || other >= list.length) return list;
    [list[index], list[other]] = [list[other] as EditableOption, list[index] as EditableOption];
    return list;
  });
};

export const updateOption = (
  nodes: readonly EditableOption[],
  path: OptionPath,
  fields: Partial<Omit<EditableOption, 'key' | 'options'>>,
) => {
  const { parent, index } = split(path);
  return atList(nodes, parent, (list) => list.map((n, i) => (i === index ? { ...n, ...fields } : n)));
};

/** True when an option at `path` may get options under it (the tree stops at CHATBOT_MAX_DEPTH levels). */
export const canNest = (path: OptionPath) => path.length < CHATBOT_MAX_DEPTH;

/** The API path of an option's field: `chatbots.0.options.1.name`. */
export const fieldPath = (path: OptionPath, field: string) =>
  [
    'chatbots',
    ...path.flatMap((i, level) => (level === 0 ? [String(i)] : ['options', String(i)])),
    field,
  ].join('.');

/**
 * One message per full field path (`chatbots.0.options.1.name`), from zod issues (client) or the server's fields; a
 * problem of the whole tree (too deep) is kept under `chatbots`.
 */
export function treeErrors(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    if (path.startsWith('chatbots') && !(path in out)) out[path] = issue.message;
  }
  return out;
}

/**
 * The option types that lead somewhere: all of the SDK's today (an integration option hands the conversation to a bot
 * engine; a file option sends a file list of the file-lists plugin, picked by name).
 */
const READY_OPTION_TYPES: readonly ChatbotOptionType[] = CHATBOT_OPTION_TYPES;

/**
 * The types an option's select offers: those that exist, plus the option's own type when the API stored another (so
 * the form shows it and keeps it).
 * @example offeredOptionTypes('text') // ['text', 'attendent', 'queue', 'integration', 'file']
 */
export function offeredOptionTypes(current: ChatbotOptionType): ChatbotOptionType[] {
  return READY_OPTION_TYPES.includes(current) ? [...READY_OPTION_TYPES] : [...READY_OPTION_TYPES, current];
}
