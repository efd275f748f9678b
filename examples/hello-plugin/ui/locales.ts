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
  greetAction: 'Greet this contact',
  greetContact: 'Hello, {{name}}!',
  greeted: 'Greeting recorded',
  contactHint: 'Greet {{name}} from the ticket header.',
  settingsTab: 'Greetings',
  settingsTitle: 'Latest greetings',
  popoverTitle: 'Latest greetings',
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
  greetAction: 'Saudar este contato',
  greetContact: 'Olá, {{name}}!',
  greeted: 'Saudação registrada',
  contactHint: 'Saúde {{name}} pelo cabeçalho do ticket.',
  settingsTab: 'Saudações',
  settingsTitle: 'Últimas saudações',
  popoverTitle: 'Últimas saudações',
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
  greetAction: 'Saludar a este contacto',
  greetContact: '¡Hola, {{name}}!',
  greeted: 'Saludo registrado',
  contactHint: 'Saluda a {{name}} desde la cabecera del ticket.',
  settingsTab: 'Saludos',
  settingsTitle: 'Últimos saludos',
  popoverTitle: 'Últimos saludos',
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
  greetAction: 'Bu kişiyi selamla',
  greetContact: 'Merhaba, {{name}}!',
  greeted: 'Selam kaydedildi',
  contactHint: '{{name}} kişisini bilet başlığından selamlayın.',
  settingsTab: 'Selamlar',
  settingsTitle: 'Son selamlar',
  popoverTitle: 'Son selamlar',
};

/** The `hello` i18next namespace in every interface language. */
export const locales: UiLocales = { 'pt-BR': ptBR, en, es, tr };
