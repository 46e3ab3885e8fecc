import { describe, expect, it } from 'vitest';
import { matchLanguage, negotiateLanguage, pickLanguage } from './languages';

describe('matchLanguage', () => {
  it.each([
    ['yo', 'yo'],
    ['yo-NG', 'yo'],
    ['YO_ng', 'yo'],
    ['pcm', 'pcm'],
    ['pcm-NG', 'pcm'],
    ['ha-Latn-NG', 'ha'],
    ['ig', 'ig'],
    ['en-NG', 'en'],
    ['en-GB', 'en'],
    ['fr', null],
    ['yor', null],
    ['', null],
    [null, null],
  ])('%s → %s', (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });
});

describe('negotiateLanguage', () => {
  it.each([
    ['yo-NG,yo;q=0.9,en;q=0.8', 'yo'],
    ['fr-FR, ha;q=0.5, en;q=0.4', 'ha'],
    ['en;q=0.3, ig;q=0.9', 'ig'],
    ['fr, de', null],
    ['pcm;q=0, en;q=0.1', 'en'],
    ['yo;q=abc, ha', 'ha'],
    ['*', null],
    [';;;,,,', null],
    [undefined, null],
    [`${'x,'.repeat(600)}yo`, null],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});

describe('pickLanguage', () => {
  it.each([
    ['ha', 'yo', 'ha'],
    [null, 'yo-NG', 'yo'],
    ['xx', 'ig', 'ig'],
    [null, 'fr', 'en'],
    [undefined, undefined, 'en'],
  ])('saved %s, Accept-Language %s → %s', (saved, header, expected) => {
    expect(pickLanguage(saved, header)).toBe(expected);
  });
});
