import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './waitlist.csv.ts';

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+2348031234567', "'+2348031234567"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tTAB', "'\tTAB"],
    ['=HYPERLINK("http://x","y"),z', `"'=HYPERLINK(""http://x"",""y""),z"`],
  ])('%j becomes %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});
