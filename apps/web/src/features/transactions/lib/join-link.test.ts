import { describe, expect, it } from 'vitest';
import { JOIN_LINK_TEXT, parseJoinLink } from './join-link';

describe('parseJoinLink', () => {
  it.each([
    ['https://amana.ng/app/join-transaction/AbC_12-x', 'AbC_12-x'],
    ['  http://localhost:3000/app/join-transaction/code123/  ', 'code123'],
    ['https://amana.ng/app/join-transaction/code123?utm=x#top', 'code123'],
    ['amana.ng/app/join-transaction/noScheme', 'noScheme'],
  ])('takes the last path segment of %j', (input, code) => {
    expect(parseJoinLink(input)).toEqual({ ok: true, code });
  });

  it.each([
    ['', JOIN_LINK_TEXT.empty],
    ['   ', JOIN_LINK_TEXT.empty],
    ['not a link', JOIN_LINK_TEXT.badFormat],
    ['javascript:alert(1)', JOIN_LINK_TEXT.badFormat],
    ['https://amana.ng/', JOIN_LINK_TEXT.noCode],
    ['https://amana.ng/app/join-transaction/<script>', JOIN_LINK_TEXT.noCode],
    ['https://amana.ng/app/%E0%A4%A', JOIN_LINK_TEXT.noCode],
  ])('refuses %j with the spec text', (input, error) => {
    expect(parseJoinLink(input)).toEqual({ ok: false, error });
  });

  it('uses the spec texts', () => {
    expect(JOIN_LINK_TEXT).toEqual({
      empty: 'Please enter a transaction link',
      badFormat: 'Invalid link format. Please check the link and try again.',
      noCode: 'Invalid transaction link. Please check the link and try again.',
    });
  });
});
