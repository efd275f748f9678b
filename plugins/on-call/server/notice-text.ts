import { LANGUAGES, type Language, type TicketDto } from '@balcao/sdk';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import ptBR from '../locales/pt-BR.json' with { type: 'json' };
import tr from '../locales/tr.json' with { type: 'json' };

const NOTICES: Record<Language, { inQueue: string; noQueue: string }> = {
  'pt-BR': ptBR.notice,
  en: en.notice,
  es: es.notice,
  tr: tr.notice,
};

/** The language a company's `language` setting names; pt-BR (the platform's first language) for anything else. */
export function noticeLanguage(setting: string | null | undefined): Language {
  return LANGUAGES.find((lang) => lang === setting) ?? 'pt-BR';
}

/**
 * What the on-call person gets by WhatsApp, in the company's language (the plugin's locales, `notice`): who waits, in
 * which queue, which ticket. Values are put in once: a contact named `{{queue}}` stays so.
 * @example noticeText(ticket, 'en') // 'On call: Ana is waiting in the Suporte queue (ticket #12), outside service hours.'
 */
export function noticeText(
  ticket: Pick<TicketDto, 'id' | 'contact' | 'queue'>,
  language: Language = 'pt-BR',
): string {
  const texts = NOTICES[language];
  const values: Record<string, string> = {
    contact: ticket.contact.name,
    queue: ticket.queue?.name ?? '',
    ticket: String(ticket.id),
  };
  return (ticket.queue ? texts.inQueue : texts.noQueue).replace(
    /\{\{(\w+)\}\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
}
