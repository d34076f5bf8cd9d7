import { badInput } from '@kv/server';
import { centsToInput, percentOf, splitByLargestRemainder } from '@kv/shared';

export interface PricedItem {
  original_amount: number;
  amount: number;
  discount: number;
  discount_type: 'percent' | 'fixed' | null;
  discounts: string[];
}

/**
 * An item's amount after its discount: a percent is taken of this item alone and rounded half-up
 * (never on a total); a fixed discount is cents, at most the item's amount.
 */
export function priceItem(
  original: number,
  discount: number | null | undefined,
  type: string | null | undefined,
  field = 'item',
): PricedItem {
  if (!discount) return { original_amount: original, amount: original, discount: 0, discount_type: null, discounts: [] };
  if (discount < 0) throw badInput(`${field}.discount`, 'A discount cannot be negative.');
  if (type === 'percent') {
    if (discount > 100) throw badInput(`${field}.discount`, 'A discount is at most 100%.');
    if (Math.abs(Math.round(discount * 100) - discount * 100) > 1e-6)
      throw badInput(`${field}.discount`, 'A percent has at most two decimals.');
    const off = percentOf(original, discount);
    return {
      original_amount: original,
      amount: original - off,
      discount,
      discount_type: 'percent',
      discounts: [`${discount}% off (−$${centsToInput(off)})`],
    };
  }
  if (type === 'fixed') {
    if (!Number.isInteger(discount)) throw badInput(`${field}.discount`, 'A fixed discount is whole cents.');
    if (discount > original) throw badInput(`${field}.discount`, 'The discount is more than the amount.');
    return {
      original_amount: original,
      amount: original - discount,
      discount,
      discount_type: 'fixed',
      discounts: [`−$${centsToInput(discount)}`],
    };
  }
  throw badInput(`${field}.discount_type`, 'Choose percent or fixed.');
}

export interface Share {
  user_id: string;
  name: string;
  share_type: 'percent' | 'fixed' | null;
  value: string | null;
}

/**
 * Each payer's part of an amount: by their shares (percent or fixed, as weights), else equally;
 * split by largest remainder, so the parts add up to the amount exactly.
 */
export function payerParts(amount: number, payers: Share[]): { user_id: string; name: string; amount: number }[] {
  if (!payers.length) return [];
  const withShare = payers.filter((p) => p.share_type && p.value !== null);
  const list = withShare.length ? withShare : payers;
  const weights = withShare.length ? list.map((p) => Math.round(Number(p.value) * 100)) : list.map(() => 1);
  if (!weights.some((w) => w > 0)) return list.map((p) => ({ user_id: String(p.user_id), name: p.name, amount: 0 }));
  const parts = splitByLargestRemainder(amount, weights);
  return list.map((p, i) => ({ user_id: String(p.user_id), name: p.name, amount: parts[i]! }));
}
