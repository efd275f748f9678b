import { LANGUAGES, type Language } from '@balcao/sdk';

/**
 * The fixed texts Balcão writes to contacts by itself (docs/automation.md "The company's language"), in the company's
 * `language` setting: a contact of a company in Madrid reads Spanish, not the pt-BR of the peers. Texts the company
 * writes (greetings, ratingMessage, farewells) are sent as written.
 */
export interface CustomerTexts {
  /** The last line of the queue menu and of every chatbot level. */
  exitLine: string;
  /** The word that ends the conversation from the menu or a tree, besides "sair" (always understood). */
  exitWord: string;
  /** A chatbot level's line back to the queue menu. */
  backLine: string;
  /** After the connection's ratingMessage: the scale and the `!` line ({{back}} is the `!`). */
  ratingFooter: string;
  /** Before the rating request again, when the answer was not a rating. */
  ratingInvalid: string;
  /** When `!` gave the ticket back to its attendant. */
  serviceReopened: string;
  /** Before the contact's place in the queue, when the company wrote none of its own. */
  queuePosition: string;
  /** When an audio cannot be heard on this channel. */
  audioRefusal: string;
  /** The LGPD consent question every prompt ends with (1 accepts, 2 refuses). */
  lgpdConsent: string;
  /** After a chatbot leaf that hands nothing over: someone will answer. */
  attendantWillAnswer: string;
  /** The {{ms}} greeting by the hour: 0–5, 6–11, 12–17, 18–23. */
  periods: readonly [string, string, string, string];
  /** Between date and hour in {{data_hora}}. */
  at: string;
  /** What an attendant's accept sends (sendGreetingAccepted), with message variables. */
  acceptGreeting: string;
  /** What a transfer tells the contact (sendMsgTransfTicket), with message variables. */
  transferNotice: string;
}

const TEXTS: Record<Language, CustomerTexts> = {
  'pt-BR': {
    exitLine: '*[ Sair ]* - Encerrar atendimento',
    exitWord: 'sair',
    backLine: '*[ # ]* - Voltar para o menu principal',
    ratingFooter: '\n\n*Envie uma nota de 0 a 10*\n\nEnvie *{{back}}* para voltar ao atendimento.',
    ratingInvalid: 'Opção inválida, tente novamente.',
    serviceReopened: 'Atendimento reaberto. Pode escrever sua mensagem.',
    queuePosition: 'Sua posição na fila é:',
    audioRefusal:
      '*Assistente Virtual*:\nInfelizmente não conseguimos ouvir áudios por este canal de atendimento. ' +
      'Por favor, envie sua mensagem em *texto*.',
    lgpdConsent: 'Estou ciente sobre o tratamento dos meus dados pessoais.\n\n*[1]* Sim\n*[2]* Não',
    attendantWillAnswer: 'Obrigado! Um atendente vai responder em breve.',
    periods: ['Boa madrugada', 'Bom dia', 'Boa tarde', 'Boa noite'],
    at: 'às',
    acceptGreeting:
      '{{ms}} *{{name}}*, meu nome é *{{userName}}* e agora vou prosseguir com seu atendimento!',
    transferNotice:
      '*{{firstName}}*, seu atendimento foi transferido para o setor *{{queue}}*. Aguarde um momento, por favor.',
  },
  en: {
    exitLine: '*[ Exit ]* - End the conversation',
    exitWord: 'exit',
    backLine: '*[ # ]* - Back to the main menu',
    ratingFooter: '\n\n*Send a score from 0 to 10*\n\nSend *{{back}}* to go back to the conversation.',
    ratingInvalid: 'Invalid option, please try again.',
    serviceReopened: 'The conversation is open again. You can write your message.',
    queuePosition: 'Your place in the queue is:',
    audioRefusal:
      '*Virtual Assistant*:\nUnfortunately we cannot listen to audio on this channel. ' +
      'Please send your message as *text*.',
    lgpdConsent: 'I am aware of how my personal data is processed.\n\n*[1]* Yes\n*[2]* No',
    attendantWillAnswer: 'Thank you! An attendant will answer you shortly.',
    periods: ['Hello', 'Good morning', 'Good afternoon', 'Good evening'],
    at: 'at',
    acceptGreeting: '{{ms}} *{{name}}*, my name is *{{userName}}* and I will take it from here!',
    transferNotice:
      '*{{firstName}}*, your conversation was transferred to *{{queue}}*. Please wait a moment.',
  },
  es: {
    exitLine: '*[ Salir ]* - Terminar la conversación',
    exitWord: 'salir',
    backLine: '*[ # ]* - Volver al menú principal',
    ratingFooter: '\n\n*Envía una nota de 0 a 10*\n\nEnvía *{{back}}* para volver a la atención.',
    ratingInvalid: 'Opción no válida, inténtalo de nuevo.',
    serviceReopened: 'La atención se ha reabierto. Puedes escribir tu mensaje.',
    queuePosition: 'Tu posición en la fila es:',
    audioRefusal:
      '*Asistente Virtual*:\nLamentablemente no podemos escuchar audios por este canal. ' +
      'Por favor, envía tu mensaje como *texto*.',
    lgpdConsent: 'Estoy al tanto del tratamiento de mis datos personales.\n\n*[1]* Sí\n*[2]* No',
    attendantWillAnswer: '¡Gracias! Un agente te responderá en breve.',
    periods: ['Buenas noches', 'Buenos días', 'Buenas tardes', 'Buenas noches'],
    at: 'a las',
    acceptGreeting: '{{ms}} *{{name}}*, mi nombre es *{{userName}}* y ahora seguiré con tu atención.',
    transferNotice:
      '*{{firstName}}*, tu atención fue transferida al sector *{{queue}}*. Espera un momento, por favor.',
  },
  tr: {
    exitLine: '*[ Çıkış ]* - Görüşmeyi bitir',
    exitWord: 'çıkış',
    backLine: '*[ # ]* - Ana menüye dön',
    ratingFooter: "\n\n*0'dan 10'a bir puan gönderin*\n\nGörüşmeye dönmek için *{{back}}* gönderin.",
    ratingInvalid: 'Geçersiz seçenek, lütfen tekrar deneyin.',
    serviceReopened: 'Görüşme yeniden açıldı. Mesajınızı yazabilirsiniz.',
    queuePosition: 'Sıradaki yeriniz:',
    audioRefusal:
      '*Sanal Asistan*:\nMaalesef bu kanalda sesli mesajları dinleyemiyoruz. ' +
      'Lütfen mesajınızı *metin* olarak gönderin.',
    lgpdConsent: 'Kişisel verilerimin işlenmesinden haberdarım.\n\n*[1]* Evet\n*[2]* Hayır',
    attendantWillAnswer: 'Teşekkürler! Bir temsilci kısa süre içinde yanıt verecek.',
    periods: ['Merhaba', 'Günaydın', 'İyi günler', 'İyi akşamlar'],
    at: 'saat',
    acceptGreeting: '{{ms}} *{{name}}*, benim adım *{{userName}}*, görüşmenize ben devam edeceğim!',
    transferNotice: '*{{firstName}}*, görüşmeniz *{{queue}}* bölümüne aktarıldı. Lütfen biraz bekleyin.',
  },
};

/** The language a stored setting names; pt-BR (the platform's first language) for anything else. */
export function languageOf(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'pt-BR';
}

/**
 * The contact-facing texts in `language`.
 * @example textsIn('es').exitLine === '*[ Salir ]* - Terminar la conversación'
 */
export function textsIn(language: Language): CustomerTexts {
  return TEXTS[language];
}

/** Reads the company's `language` setting (cached per scope by SettingsService). */
export async function companyTexts(
  settings: { get(companyId: number, key: 'language'): Promise<string | null> },
  companyId: number,
): Promise<CustomerTexts> {
  return textsIn(languageOf(await settings.get(companyId, 'language')));
}
