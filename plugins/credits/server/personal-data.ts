import type { PersonalDataSource } from '../../auth/server.ts';

/** The credits plugin's part of a member's copy of their data (auth's addPersonalData): the balance and every change to it. */
export const creditsData: PersonalDataSource = {
  name: 'credits',
  about: 'credits:personalData.credits',
  async collect(userId, db) {
    const account = await db.selectFrom('credit_accounts').select(['balance', 'paid_user']).where('user_id', '=', userId).executeTakeFirst();
    const ledger = await db.selectFrom('credit_ledger').select(['id', 'amount', 'balance_after', 'reason', 'reference', 'created_at'])
      .where('user_id', '=', userId).orderBy('id').execute();
    return { data: { balance: account?.balance ?? 0, premium: account?.paid_user ?? false, ledger: ledger.map((l) => ({ ...l, id: Number(l.id) })) } };
  },
};
