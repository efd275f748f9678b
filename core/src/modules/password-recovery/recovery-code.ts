import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** How long a code may be typed, and how long its reset token may be used. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const TOKEN_TTL_MS = 10 * 60 * 1000;
/** Codes tried per attempt: the second wrong one ends it (spec part 2 §4: "when the failure count reaches 2"). */
export const MAX_GUESSES = 2;

/** Six digits from the CSPRNG, leading zeros kept. @example newCode() === '048213' */
export const newCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** A reset token: 256 random bits, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A token is long and random: a plain SHA-256 keeps a database copy from being usable. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Keyed hashes for the codes and numbers: a six-digit code's plain hash is found by trying the million codes, so it
 * is keyed by a secret the database does not hold (derived from the server's token secret).
 * @example const keys = new RecoveryKeys(config.jwtSecret); keys.code(attemptId, '123456')
 */
export class RecoveryKeys {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('balcao:password-reset').digest();
  }

  /** The code bound to its attempt: the same code of another attempt hashes differently. */
  code(attemptId: string, code: string): string {
    return this.mac(`code:${attemptId}:${code}`);
  }

  number(number: string): string {
    return this.mac(`number:${number}`);
  }

  /** Compares in constant time. */
  codeMatches(attemptId: string, code: string, stored: string): boolean {
    const given = Buffer.from(this.code(attemptId, code), 'hex');
    const saved = Buffer.from(stored, 'hex');
    return given.length === saved.length && timingSafeEqual(given, saved);
  }

  private mac(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('hex');
  }
}

const TEXTS: Record<string, (code: string, minutes: number) => string> = {
  'pt-BR': (code, m) =>
    `Seu código de verificação do Balcão é ${code}. Ele vale por ${m} minutos. Não o compartilhe com ninguém.`,
  en: (code, m) => `Your Balcão verification code is ${code}. It is valid for ${m} minutes. Do not share it.`,
  es: (code, m) =>
    `Tu código de verificación de Balcão es ${code}. Es válido durante ${m} minutos. No lo compartas.`,
  tr: (code, m) => `Balcão doğrulama kodunuz ${code}. ${m} dakika geçerlidir. Kimseyle paylaşmayın.`,
};

/** The message that carries the code, in the user's language (Portuguese when none is set). */
export const codeMessage = (code: string, language: string | null | undefined): string =>
  (TEXTS[language ?? ''] ?? TEXTS['pt-BR'])(code, CODE_TTL_MS / 60_000);
