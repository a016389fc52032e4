import Type from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';

// What the credits plugin shares with the other halves: the fields it adds to the user object and
// its end-to-end test hook.

/** The user object (GET /api/user.php) carries the member's balance and premium flag (spec section 3). */
declare module '../auth/contract.ts' {
  interface UserFields {
    /** The member's balance of credits (never below 0). */
    credits: number;
    /** Premium: the member has bought credits at least once. */
    paid_user: boolean;
  }
}

/**
 * POST /api/test/credits (TEST_HOOKS only): sets a member's balance to exactly `credits` through
 * the ledger, and premium when `premium` is given.
 */
export const testCredits = endpoint({
  method: 'POST', path: '/api/test/credits', access: 'visitor',
  body: Type.Object({
    email: Type.String(),
    credits: Type.Integer({ minimum: 0 }),
    premium: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false }),
  response: Type.Object({ found: Type.Boolean() }),
});
