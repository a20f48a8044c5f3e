// Global Trade Item Numbers (issue 28, decision 0079): what the importer stores and the matcher
// compares, and what a page may print as schema.org `gtin`. GS1 numbers are 8, 12, 13 or 14
// digits, the last a check digit; they are one number space once padded with leading zeros to
// 14 digits (GTIN-14), so a UPC-A and its EAN-13 form are the same GTIN.

/** The GTIN-14 of a GTIN-8/12/13/14 whose check digit is right; else why not. */
export type GtinReading = { gtin: string } | { error: string };

/** The GS1 check digit of the digits before it: weights 3 and 1 alternate from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Reads a feed's gtin: spaces and hyphens between digits are allowed, as merchants print them. */
export function readGtin(text: string): GtinReading {
  const digits = text.trim().replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return { error: 'is not a number of 8, 12, 13 or 14 digits' };
  if (![8, 12, 13, 14].includes(digits.length)) return { error: `has ${digits.length} digits, not 8, 12, 13 or 14` };
  // Zeros pass the check digit, and placeholder feeds send them: they name no item.
  if (/^0+$/.test(digits)) return { error: 'is all zeros' };
  const expected = gtinCheckDigit(digits.slice(0, -1));
  if (Number(digits[digits.length - 1]) !== expected) return { error: `has a wrong check digit (${expected} expected)` };
  return { gtin: digits.padStart(14, '0') };
}
