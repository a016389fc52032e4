import type { PersonalDataSource } from '../../auth/server.ts';

/**
 * The payments plugin's part of a member's copy of their data (auth's addPersonalData): their
 * payments and refunds, and the direct-debit mandates they signed (the consent to debit their
 * account, with the address and device it was given from). Amounts are minor units (cents).
 */
export const paymentsData: PersonalDataSource = {
  name: 'payments',
  about: 'payments:personalData.payments',
  async collect(userId, db) {
    const payments = await db.selectFrom('payments')
      .select(['id', 'domain', 'package_id', 'credits', 'amount', 'fee', 'discount', 'currency', 'method', 'country', 'status',
        'provider', 'created_at', 'paid_at', 'refunded_credits', 'refunded_amount', 'reversed_credits', 'repeat', 'account_hint'])
      .where('user_id', '=', userId).orderBy('id').execute();
    const ids = payments.map((p) => p.id);
    const refunds = ids.length ? await db.selectFrom('payment_refunds').select(['payment_id', 'credits', 'amount', 'status', 'created_at'])
      .where('payment_id', 'in', ids).orderBy('id').execute() : [];
    const mandates = ids.length ? await db.selectFrom('directdebit_mandates')
      .select(['payment_id', 'reference', 'holder', 'iban', 'street', 'postcode', 'city', 'country', 'phone', 'language', 'ip', 'user_agent', 'signed_at'])
      .where('payment_id', 'in', ids).orderBy('signed_at').execute() : [];
    // The SMS codes themselves are kept as hashes only: what is told is where they went and when.
    const codes = await db.selectFrom('directdebit_codes').select(['phone', 'ip', 'created_at', 'used_at'])
      .where('user_id', '=', userId).orderBy('created_at').execute();
    return { data: { payments, refunds, directdebit_mandates: mandates, directdebit_codes: codes } };
  },
};
