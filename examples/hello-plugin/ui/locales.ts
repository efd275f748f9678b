import type { UiLocales } from '@balcao/sdk/ui';

// English is the reference; typing the others by its keys makes a missing translation a compile error.
const en = {
  menu: 'Hello',
  title: 'Greetings',
  message: 'Message',
  placeholder: 'Say hello to the team…',
  send: 'Send',
  loadMore: 'Load more',
  createdAt: 'Date',
  status: 'Status',
  processed: 'Processed',
  pending: 'Pending',
  empty: 'No greetings yet',
  emptyHint: 'Send the first one above.',
};
type Messages = Record<keyof typeof en, string>;

const ptBR: Messages = {
  menu: 'Olá',
  title: 'Saudações',
  message: 'Mensagem',
  placeholder: 'Diga olá para a equipe…',
  send: 'Enviar',
  loadMore: 'Carregar mais',
  createdAt: 'Data',
  status: 'Situação',
  processed: 'Processada',
  pending: 'Pendente',
  empty: 'Nenhuma saudação ainda',
  emptyHint: 'Envie a primeira acima.',
};

const es: Messages = {
  menu: 'Hola',
  title: 'Saludos',
  message: 'Mensaje',
  placeholder: 'Saluda al equipo…',
  send: 'Enviar',
  loadMore: 'Cargar más',
  createdAt: 'Fecha',
  status: 'Estado',
  processed: 'Procesado',
  pending: 'Pendiente',
  empty: 'Todavía no hay saludos',
  emptyHint: 'Envía el primero arriba.',
};

const tr: Messages = {
  menu: 'Merhaba',
  title: 'Selamlar',
  message: 'Mesaj',
  placeholder: 'Ekibe merhaba de…',
  send: 'Gönder',
  loadMore: 'Daha fazla yükle',
  createdAt: 'Tarih',
  status: 'Durum',
  processed: 'İşlendi',
  pending: 'Bekliyor',
  empty: 'Henüz selam yok',
  emptyHint: 'İlkini yukarıdan gönderin.',
};

/** The `hello` i18next namespace in every interface language. */
export const locales: UiLocales = { 'pt-BR': ptBR, en, es, tr };
