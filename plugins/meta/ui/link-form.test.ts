import { describe, expect, it } from 'vitest';
import { initialLinkForm, linkRequest } from './link-form';

describe('the Facebook / Instagram link form', () => {
  it('opens empty, with "add Instagram" as the menu entry asks', () => {
    expect(initialLinkForm(true)).toEqual({ facebookUserId: '', facebookUserToken: '', addInstagram: true });
    expect(initialLinkForm(false).addInstagram).toBe(false);
  });

  it('sends the trimmed user id and token the server expects', () => {
    const result = linkRequest({
      facebookUserId: ' 10223344 ',
      facebookUserToken: ' EAAGm0PX4ZCpsBAKZAZBq1 ',
      addInstagram: true,
    });
    expect(result).toEqual({
      body: { facebookUserId: '10223344', facebookUserToken: 'EAAGm0PX4ZCpsBAKZAZBq1', addInstagram: true },
    });
  });

  it('says why a token is wrong: cut short, or with characters a token never has', () => {
    const token = (facebookUserToken: string) =>
      linkRequest({ facebookUserId: '10223344', facebookUserToken, addInstagram: false });
    expect(token('EAAG12345')).toEqual({ errors: { facebookUserToken: 'tooShort' } });
    expect(token('"EAAGm0PX4ZCpsBAKZAZBq1"')).toEqual({ errors: { facebookUserToken: 'invalidToken' } });
  });

  it('says which field is missing and which is malformed', () => {
    expect(linkRequest({ facebookUserId: '', facebookUserToken: 'short', addInstagram: false })).toEqual({
      errors: { facebookUserId: 'required', facebookUserToken: 'tooShort' },
    });
    expect(linkRequest({ facebookUserId: 'ana.souza', facebookUserToken: '', addInstagram: false })).toEqual({
      errors: { facebookUserId: 'invalid', facebookUserToken: 'required' },
    });
  });
});
