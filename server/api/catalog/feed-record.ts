// What both feed readers (TSV and XML) hand the validator: one record per item, with
// the line it starts on and every attribute as a list of strings (attributes such as
// additional_image_link and shipping may repeat). Nested XML attributes are flattened
// into Google's TSV sub-attribute form ("GB::Standard:0.00 GBP" for shipping), so one
// validator serves both formats.

export type FeedFormat = 'tsv' | 'xml';

export type FeedRecord = {
  /** The file line the item starts on (TSV: its row; XML: its <item> or <entry> tag). */
  line: number;
  values: Record<string, string[]>;
};

export type FeedReadResult = {
  records: FeedRecord[];
  /** Records the reader could not split into attributes at all. */
  malformed: { line: number; reason: string }[];
};

/** Attributes whose TSV value lists several entries separated by commas. */
export const COMMA_LIST_ATTRIBUTES = new Set(['additional_image_link', 'shipping', 'promotion_id', 'product_detail']);

/** "g:Item Group ID" and "item group id" both mean item_group_id. */
export function attributeName(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^g:/, '')
    .replace(/[\s-]+/g, '_');
}

export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}
