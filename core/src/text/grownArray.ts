/**
 * Lists of numbers kept in typed arrays (no boxes, nothing for the garbage collector to scan, unlike
 * arrays grown by push) grow by copying into a larger array of the same type. Rare by doubling, so
 * one helper serves every element type.
 */
export function grown<T extends Int32Array | Uint8Array>(list: T, length: number, used = list.length): T {
  const out = new (list.constructor as new (length: number) => T)(length);
  out.set(used === list.length ? list : list.subarray(0, used));
  return out;
}
