import type { PersonalDataSource } from '../../auth/server.ts';

/**
 * The bonuses plugin's part of a member's copy of their data (auth's addPersonalData): discount
 * codes made for them alone, the code they entered on the credits page, and each discount a payment
 * of theirs claimed.
 */
export const discountsData: PersonalDataSource = {
  name: 'discounts',
  about: 'bonuses:personalData.discounts',
  async collect(userId, db) {
    const personal = await db.selectFrom('discount_codes').select(['code', 'value_bp', 'currency', 'expires_at', 'status', 'created_at'])
      .where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    const chosen = await db.selectFrom('discount_code_choices').select(['code', 'chosen_at']).where('user_id', '=', userId).executeTakeFirst();
    const uses = await db.selectFrom('discount_code_uses').select(['code', 'payment_id', 'status', 'created_at', 'updated_at'])
      .where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    return {
      data: {
        personal_codes: personal.map(({ value_bp, ...c }) => ({ ...c, percent: value_bp / 100 })),
        code_entered: chosen ?? null,
        discounts_used: uses,
      },
    };
  },
};
