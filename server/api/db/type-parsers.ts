// Both engines must hand back the same JavaScript values for the same rows.
// `pg` returns bigint and numeric as strings (to avoid precision loss); our bigints are
// counts and ids far below 2^53 and our numerics are prices with two decimals, so both
// become numbers on both engines.
export const OID_INT8 = 20;
export const OID_NUMERIC = 1700;

export function parseNumber(value: string): number {
  return Number(value);
}
