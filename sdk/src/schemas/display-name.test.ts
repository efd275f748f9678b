import { describe, expect, it } from 'vitest';
import { signupSchema } from './auth.js';
import { companyCreateSchema, companyUpdateSchema } from './companies.js';
import { userCreateSchema, userUpdateSchema } from './users.js';

const signup = {
  name: 'Ana',
  companyName: 'Loja',
  email: 'a@b.co',
  password: '12345',
  phone: '5511999999999',
  planId: 1,
};

// What people see is "Padaria Central"; what was sent hides a zero-width space, a bidi mark, a BOM, a fullwidth
// letter (NFKC folds it) and a no-break space among the spaces.
const disguised = ' \u200BPadaria\u200E\uFEFF  \u00A0Ｃentral\u2066\u2069\t';

describe('displayName fields', () => {
  it('normalise a company name (NFKC, invisible characters out, whitespace collapsed)', () => {
    expect(companyCreateSchema.parse({ name: disguised, email: 'a@b.co', planId: 1 }).name).toBe(
      'Padaria Central',
    );
    expect(companyUpdateSchema.parse({ name: disguised }).name).toBe('Padaria Central');
    expect(signupSchema.parse({ ...signup, companyName: disguised }).companyName).toBe('Padaria Central');
  });

  it('normalise a person name the same way', () => {
    expect(signupSchema.parse({ ...signup, name: 'Ana\u200D\u202E Maria' }).name).toBe('Ana Maria');
    expect(
      userCreateSchema.parse({ name: 'Ana\u2060  Maria', email: 'a@b.co', password: '12345' }).name,
    ).toBe('Ana Maria');
    expect(userUpdateSchema.parse({ name: '\u200FAna\u200C' }).name).toBe('Ana');
  });

  it('count the length after normalising: invisible characters do not make a name long enough', () => {
    const result = signupSchema.safeParse({ ...signup, companyName: 'A\u200B\u200B\u200B' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['companyName'], message: 'Too Short!' });
    const empty = companyCreateSchema.safeParse({ name: '\u200B\uFEFF', email: 'a@b.co', planId: 1 });
    expect(empty.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Nome é obrigatório' });
    expect(
      userCreateSchema.safeParse({ name: 'x'.repeat(51), email: 'a@b.co', password: '12345' }).error
        ?.issues[0],
    ).toMatchObject({ path: ['name'], message: 'Too Long!' });
  });

  it('keep the letters and accents people type', () => {
    expect(signupSchema.parse({ ...signup, name: 'João Ñandú Çağlar' }).name).toBe('João Ñandú Çağlar');
    // NFKC composes a decomposed accent, so "é" typed either way is one name.
    expect(signupSchema.parse({ ...signup, name: 'Jose\u0301' }).name).toBe('José');
  });
});

describe('company names', () => {
  it('refuse Latin mixed with a look-alike script (Cyrillic а, Greek ο), on signup and in the companies form', () => {
    const cyrillicA = 'P\u0430daria Central';
    const signupResult = signupSchema.safeParse({ ...signup, companyName: cyrillicA });
    expect(signupResult.error?.issues[0]).toMatchObject({ path: ['companyName'], message: 'Mixed scripts' });
    const form = companyCreateSchema.safeParse({ name: 'Padaria Centr\u03BFl', email: 'a@b.co', planId: 1 });
    expect(form.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Mixed scripts' });
    expect(companyUpdateSchema.safeParse({ name: cyrillicA }).success).toBe(false);
  });

  it('keep names written in one script, with digits, accents, or beside Han or Arabic', () => {
    for (const name of ['Padaria Çağlar 2', 'Пекарня Центр', 'Αρτοποιείο', 'Sushi 寿司', 'Café ℕ1'])
      expect(signupSchema.safeParse({ ...signup, companyName: name }).success, name).toBe(true);
  });
});
