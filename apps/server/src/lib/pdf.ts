import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A small A4 document writer for receipts and statements (pdf-lib). It embeds DejaVu Sans (from the
 * npm package dejavu-fonts-ttf, subset to the characters used), so names and texts in every language
 * print as written: Yoruba's tone marks and underdots (Adébáyọ̀), Hausa's ɓ ɗ ƙ ƴ, Igbo's ị ọ ụ ṅ, the
 * naira sign (docs/languages.md). Text is composed (NFC) first, so a letter with its accent is one glyph
 * where the font has it; a character the font lacks prints as '?'.
 */
const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.39, 0.45, 0.55);

const require = createRequire(import.meta.url);
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | null = null;
/** The two font files, read once per process (about 1.4 MB; each document embeds only its glyphs). */
function fonts() {
  fontBytes ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fontBytes;
}

export function pdfText(value: string, font?: PDFFont): string {
  const text = value.normalize('NFC');
  if (!font) return text;
  const known = characterSet(font);
  return Array.from(text, (char) => (known.has(char.codePointAt(0)!) ? char : '?')).join('');
}

const characterSets = new WeakMap<PDFFont, Set<number>>();
function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

/** '461,250.00 NGN' style is ambiguous in some locales; receipts say 'NGN 461,250.00'. */
export function pdfMoney(major: number, currency: string): string {
  const sign = major < 0 ? '-' : '';
  const amount = Math.abs(major).toLocaleString('en-NG', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${sign}${currency} ${amount}`;
}

export class PdfWriter {
  private page!: PDFPage;
  private y = 0;
  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  static async create(title: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    doc.setTitle(pdfText(title));
    doc.setProducer('Amana Escrow');
    doc.setCreator('Amana Escrow');
    const writer = new PdfWriter(
      doc,
      await doc.embedFont(fonts().regular, { subset: true }),
      await doc.embedFont(fonts().bold, { subset: true }),
    );
    return writer;
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private room(height: number) {
    if (this.y - height < PAGE.margin) this.newPage();
  }

  private draw(text: string, x: number, size: number, font: PDFFont, color = INK, maxWidth?: number) {
    let fitted = pdfText(text, font);
    const fits = (candidate: string) =>
      maxWidth === undefined || font.widthOfTextAtSize(candidate, size) <= maxWidth;
    if (!fits(fitted)) {
      // Cut to the width with a visible '...' (a long description never runs into the next column).
      while (fitted.length > 1 && !fits(`${fitted}...`)) fitted = fitted.slice(0, -1);
      fitted = `${fitted}...`;
    }
    this.page.drawText(fitted, { x, y: this.y, size, font, color });
  }

  heading(text: string) {
    this.room(30);
    this.draw(text, PAGE.margin, 18, this.bold);
    this.y -= 26;
  }

  subheading(text: string) {
    this.room(28);
    this.y -= 8;
    this.draw(text, PAGE.margin, 12, this.bold);
    this.y -= 18;
  }

  note(text: string) {
    this.room(16);
    this.draw(text, PAGE.margin, 9, this.regular, MUTED, PAGE.width - 2 * PAGE.margin);
    this.y -= 14;
  }

  /** A label on the left, its value on the right half. */
  field(label: string, value: string) {
    this.room(16);
    this.draw(label, PAGE.margin, 10, this.regular, MUTED);
    this.draw(value, PAGE.margin + 170, 10, this.regular, INK, PAGE.width - 2 * PAGE.margin - 170);
    this.y -= 16;
  }

  /** A row of cells at fixed x offsets (the last one right-aligned, for amounts). */
  row(cells: string[], widths: number[], bold = false) {
    this.room(16);
    const font = bold ? this.bold : this.regular;
    let x = PAGE.margin;
    cells.forEach((cell, index) => {
      const last = index === cells.length - 1;
      const width = widths[index]!;
      if (last) {
        const text = pdfText(cell, font);
        this.page.drawText(text, {
          x: x + width - font.widthOfTextAtSize(text, 9),
          y: this.y,
          size: 9,
          font,
          color: INK,
        });
      } else this.draw(cell, x, 9, font, INK, width - 6);
      x += width;
    });
    this.y -= 15;
  }

  async bytes(): Promise<Uint8Array> {
    return this.doc.save();
  }
}
