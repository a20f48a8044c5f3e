import { describe, expect, it } from 'vitest';
import { FeedFormatError } from '../../../server/api/catalog/feed-record';
import { readTsvFeed, splitListValue } from '../../../server/api/catalog/tsv-feed';

const tsv = (...lines: string[][]) => lines.map((l) => l.join('\t')).join('\n');

describe('TSV feed reader', () => {
  it('reads one record per row with the attribute names of the header row', () => {
    const { records, malformed } = readTsvFeed(
      tsv(['id', 'title', 'price'], ['A1', 'Ruched Satin Midi Dress', '49.99 GBP'], ['A2', 'Wrap Jersey Dress', '39.00 GBP']),
    );
    expect(malformed).toEqual([]);
    expect(records).toEqual([
      { line: 2, values: { id: ['A1'], title: ['Ruched Satin Midi Dress'], price: ['49.99 GBP'] } },
      { line: 3, values: { id: ['A2'], title: ['Wrap Jersey Dress'], price: ['39.00 GBP'] } },
    ]);
  });

  it('counts file lines, so blank lines and CRLF endings keep the numbers a merchant sees', () => {
    const text = '\uFEFFid\ttitle\r\n\r\nA1\tOne\r\n\r\n\r\nA2\tTwo\r\n';
    expect(readTsvFeed(text).records.map((r) => [r.line, r.values.id])).toEqual([
      [3, ['A1']],
      [6, ['A2']],
    ]);
  });

  it('accepts header names in any case, with spaces or a g: prefix', () => {
    const { records } = readTsvFeed(tsv(['ID', 'g:Item Group ID', 'Image-Link'], ['A1', 'G1', '/images/a.svg']));
    expect(records[0]!.values).toEqual({ id: ['A1'], item_group_id: ['G1'], image_link: ['/images/a.svg'] });
  });

  it('takes a quoted value whole, tabs, line breaks and doubled quotes included', () => {
    const text = 'id\tdescription\tbrand\nA1\t"Soft ""brushed"" cotton.\nMachine wash.\twith a tab"\tAva Marlowe\nA2\tPlain\tKit';
    const { records } = readTsvFeed(text);
    expect(records[0]).toEqual({
      line: 2,
      values: { id: ['A1'], description: ['Soft "brushed" cotton.\nMachine wash.\twith a tab'], brand: ['Ava Marlowe'] },
    });
    // The quoted value spanned a line, so the next row starts on line 4.
    expect(records[1]!.line).toBe(4);
  });

  it('leaves out empty values and treats missing trailing fields as empty', () => {
    const { records } = readTsvFeed(tsv(['id', 'title', 'sale_price', 'brand'], ['A1', 'Tee', '']));
    expect(records[0]!.values).toEqual({ id: ['A1'], title: ['Tee'] });
  });

  it('reports a row with more fields than the header as malformed and keeps reading', () => {
    const { records, malformed } = readTsvFeed(tsv(['id', 'title'], ['A1', 'Scarf', 'stray'], ['A2', 'Belt']));
    expect(malformed).toEqual([{ line: 2, reason: expect.stringContaining('has 3 tab-separated fields but the header names 2') }]);
    expect(records.map((r) => r.values.id)).toEqual([['A2']]);
  });

  it('splits list attributes on commas, but not a comma inside a price or a care text', () => {
    const { records } = readTsvFeed(
      tsv(
        ['id', 'additional_image_link', 'shipping', 'product_detail', 'promotion_id'],
        [
          'A1',
          '/images/a.svg, https://cdn.example/b.jpg',
          'IN:::0.00 INR, IN:Maharashtra:Express:1,299.00 INR',
          'General:Care:Machine wash cold, dry flat,General:Fabric:Cotton',
          'P1,P2',
        ],
      ),
    );
    expect(records[0]!.values).toEqual({
      id: ['A1'],
      additional_image_link: ['/images/a.svg', 'https://cdn.example/b.jpg'],
      shipping: ['IN:::0.00 INR', 'IN:Maharashtra:Express:1,299.00 INR'],
      product_detail: ['General:Care:Machine wash cold, dry flat', 'General:Fabric:Cotton'],
      promotion_id: ['P1', 'P2'],
    });
    expect(splitListValue('title', 'A, B')).toEqual(['A, B']);
  });

  it('refuses a feed without a header naming the id column', () => {
    expect(() => readTsvFeed('')).toThrow(FeedFormatError);
    expect(() => readTsvFeed(tsv(['sku', 'title'], ['A1', 'Tee']))).toThrow(/header row has no "id" column/);
  });
});
