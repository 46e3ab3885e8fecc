import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../testing/pdf-text.ts';
import { PdfWriter } from './pdf.ts';

/** Receipts and statements print every language's letters (docs/languages.md). */
describe('PdfWriter', () => {
  it.each([
    ['Yoruba tone marks and underdots', 'Ìwé ẹ̀rí ìsanwó: Adébáyọ̀ Ògúnṣọlá'],
    ['Hausa hooked letters', 'Rasiƙi: Ɓalarabe Ɗanƙwambo, ƴaƴa'],
    ['Igbo dotted vowels and ṅ', 'Ndewo Ọ̀kọ́nkwọ́, ị na-anata ụgwọ, ṅ'],
    ['Pidgin and the naira sign', 'Di money wey you go receive: ₦1,234.50'],
  ])('prints %s as written', async (_, text) => {
    const pdf = await PdfWriter.create(text);
    pdf.heading(text);
    pdf.field('Name', text);
    const printed = await extractPdfText(await pdf.bytes());
    expect(printed.normalize('NFC')).toContain(text.normalize('NFC'));
  });

  it('prints a character the font lacks as ?', async () => {
    const pdf = await PdfWriter.create('Receipt');
    pdf.note('Thanks 🙂 friend');
    expect(await extractPdfText(await pdf.bytes())).toContain('Thanks ? friend');
  });
});
