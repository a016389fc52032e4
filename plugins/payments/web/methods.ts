import type { CreditPackage, OfferedMethod } from '../contract.ts';

/** Whether a method can pay this package (paysafecard has a maximum package price). */
export const methodFits = (m: OfferedMethod, p: CreditPackage) => m.max == null || p.price <= m.max;
