import { randomUUID } from 'node:crypto';
import {
  AppError,
  type PasswordResetInput,
  type RecoverySendInput,
  type RecoveryVerifyInput,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessGate } from '../auth/access-gate.js';
import { User } from '../users/user.entity.js';
import { hashPassword } from '../users/users-service.js';
import {
  CODE_TTL_MS,
  codeMessage,
  MAX_GUESSES,
  newCode,
  newToken,
  RecoveryKeys,
  TOKEN_TTL_MS,
  tokenHash,
} from './recovery-code.js';
import type { RecoveryLimiter } from './recovery-limiter.js';
import type { RecoverySender } from './recovery-sender.js';

/** Rows older than this are deleted as new codes are sent (they are long dead: codes and tokens live minutes). */
const KEEP_MS = 24 * 60 * 60 * 1000;

export interface RecoveryDeps {
  em: EntityManager;
  recoveryLimiter: RecoveryLimiter;
  recoverySender: RecoverySender;
  accessGate: Pick<AccessGate, 'end'>;
  config: { jwtSecret: string };
}

/** Where the service reads the time (tests move it to see codes expire). */
export type Clock = () => Date;

interface ClaimedGuess {
  code_hash: string;
  guesses: number;
  user_id: number | null;
}

/**
 * Password reset by a code sent over WhatsApp (spec part 2 "Password reset", made safe): the code never reaches the
 * browser; it is checked here, and a match gives a short-lived single-use token that alone lets the password change.
 * Answers never tell whether a number is registered: an unknown number gets an attempt id too, and its attempt
 * answers as any other (only the code never arrives).
 */
export class RecoveryService {
  private readonly keys: RecoveryKeys;

  constructor(
    private readonly deps: RecoveryDeps,
    private readonly now: Clock = () => new Date(),
  ) {
    this.keys = new RecoveryKeys(deps.config.jwtSecret);
  }

  /**
   * `POST /api/enviar-email`: checks the sending connection, counts the request, ends the number's earlier code and
   * stores a new one; the message leaves in the background (the answer takes as long for any number).
   */
  async send(input: RecoverySendInput, client: { ip: string }): Promise<{ userId: string }> {
    const { em, recoveryLimiter, recoverySender } = this.deps;
    const channel = await recoverySender.channel();
    await recoveryLimiter.send(input.wpp, client.ip);
    const user = await em.findOne(User, { wpp: input.wpp }, { filters: false, fields: ['id', 'language'] });
    const attemptId = randomUUID();
    const code = newCode();
    const now = this.now();
    const numberHash = this.keys.number(input.wpp);
    await em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      await conn.execute(
        'update password_resets set ended_at = ? where number_hash = ? and ended_at is null',
        [now, numberHash],
        'run',
        ctx,
      );
      await conn.execute(
        `insert into password_resets (id, user_id, number_hash, code_hash, expires_at, created_at)
           values (?, ?, ?, ?, ?, ?)`,
        [
          attemptId,
          user?.id ?? null,
          numberHash,
          this.keys.code(attemptId, code),
          new Date(now.getTime() + CODE_TTL_MS),
          now,
        ],
        'run',
        ctx,
      );
      await conn.execute(
        'delete from password_resets where created_at < ?',
        [new Date(now.getTime() - KEEP_MS)],
        'run',
        ctx,
      );
    });
    if (user) void recoverySender.send(channel, input.wpp, codeMessage(code, user.language), attemptId);
    return { userId: attemptId };
  }

  /**
   * `POST /api/verificar-code/{number}`: one guess of the attempt's code. A match ends the attempt and answers a reset
   * token; a first wrong code 400 ERR_RESET_CODE_INVALID (attemptsLeft 1); the second 410 ERR_RESET_ATTEMPTS_EXCEEDED,
   * and the attempt is over (a new code must be sent).
   */
  async verify(
    number: string,
    input: RecoveryVerifyInput,
    client: { ip: string },
  ): Promise<{ valid: true; token: string }> {
    await this.deps.recoveryLimiter.check(client.ip);
    const conn = this.deps.em.getConnection();
    const now = this.now();
    const numberHash = this.keys.number(number);
    // The guess is counted before the code is compared: parallel guesses cannot get more than MAX_GUESSES compares.
    const [claimed] = await conn.execute<ClaimedGuess[]>(
      `update password_resets set guesses = guesses + 1
        where id = ? and number_hash = ? and ended_at is null and expires_at > ? and guesses < ?
        returning code_hash, guesses, user_id`,
      [input.userId, numberHash, now, MAX_GUESSES],
    );
    if (!claimed) throw await this.whyNotOpen(input.userId, numberHash);
    if (claimed.user_id !== null && this.keys.codeMatches(input.userId, input.code, claimed.code_hash)) {
      const token = newToken();
      const [won] = await conn.execute<{ id: string }[]>(
        `update password_resets set ended_at = ?, token_hash = ?, token_expires_at = ?
          where id = ? and ended_at is null returning id`,
        [now, tokenHash(token), new Date(now.getTime() + TOKEN_TTL_MS), input.userId],
      );
      if (!won) throw new AppError('ERR_RESET_CODE_EXPIRED', 410);
      return { valid: true, token };
    }
    if (claimed.guesses >= MAX_GUESSES) {
      await conn.execute('update password_resets set ended_at = ? where id = ? and ended_at is null', [
        now,
        input.userId,
      ]);
      throw new AppError('ERR_RESET_ATTEMPTS_EXCEEDED', 410);
    }
    throw new AppError('ERR_RESET_CODE_INVALID', 400, { attemptsLeft: MAX_GUESSES - claimed.guesses });
  }

  /**
   * `PUT /api/atualizar-senha`: the token of a verified code, once, within its time, sets the new password (the user
   * form's rules) and ends the account's sessions (whoever held one is signed out).
   */
  async reset(input: PasswordResetInput, client: { ip: string }): Promise<void> {
    const { em, recoveryLimiter, accessGate } = this.deps;
    await recoveryLimiter.check(client.ip);
    const now = this.now();
    const passwordHash = await hashPassword(input.newPassword);
    const ended = await em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const [row] = await conn.execute<{ user_id: number }[]>(
        `update password_resets set token_used_at = ?
          where id = ? and token_hash = ? and token_used_at is null and token_expires_at > ? and user_id is not null
          returning user_id`,
        [now, input.userId, tokenHash(input.token), now],
        'all',
        ctx,
      );
      if (!row) throw new AppError('ERR_RESET_TOKEN_INVALID', 400);
      await conn.execute(
        'update users set password_hash = ?, updated_at = ? where id = ?',
        [passwordHash, now, row.user_id],
        'run',
        ctx,
      );
      return conn.execute<{ id: string }[]>(
        `update auth_sessions set revoked_at = now(), updated_at = now()
          where user_id = ? and revoked_at is null returning id`,
        [row.user_id],
        'all',
        ctx,
      );
    });
    await accessGate.end(ended.map((s) => s.id));
  }

  /** Why an attempt took no guess: unknown (404), ended by two wrong codes (410), or expired, used or replaced (410). */
  private async whyNotOpen(attemptId: string, numberHash: string): Promise<AppError> {
    const [row] = await this.deps.em
      .getConnection()
      .execute<{ guesses: number; token_hash: string | null }[]>(
        'select guesses, token_hash from password_resets where id = ? and number_hash = ?',
        [attemptId, numberHash],
      );
    if (!row) return new AppError('ERR_NO_RESET_ATTEMPT_FOUND', 404);
    if (row.guesses >= MAX_GUESSES && !row.token_hash)
      return new AppError('ERR_RESET_ATTEMPTS_EXCEEDED', 410);
    return new AppError('ERR_RESET_CODE_EXPIRED', 410);
  }
}
