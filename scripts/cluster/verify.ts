// What the database holds after the run, read with SQL of its own (not through the app): each
// acknowledged message stored once, and the credits ledger balanced to the credit.
import pg from 'pg';
import type { Sent } from './load.ts';

export class Database {
  private readonly pool: pg.Pool;
  constructor(url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 2 });
  }
  close() { return this.pool.end(); }

  /** Rows per acknowledged key (should be exactly 1 each), and stored keys of sends nobody acknowledged. */
  async stored(sent: Sent[]) {
    const { rows } = await this.pool.query<{ client_key: string; n: string }>(
      'SELECT client_key, count(*) AS n FROM chat_messages WHERE client_key = ANY($1) GROUP BY client_key', [sent.map((s) => s.key)]);
    const count = new Map(rows.map((r) => [r.client_key, Number(r.n)]));
    const acked = sent.filter((s) => s.id !== undefined);
    return {
      once: acked.filter((s) => count.get(s.key) === 1).length,
      missing: acked.filter((s) => !count.get(s.key)).length,
      twice: acked.filter((s) => (count.get(s.key) ?? 0) > 1).length,
      /** Sends the client gave up on that the server stored anyway. */
      storedUnacked: sent.filter((s) => s.id === undefined && count.get(s.key)).map((s) => s.key),
    };
  }

  /**
   * The ledger: every account's balance is the sum of its ledger entries (and the last entry's
   * balance_after), and every member's chat spending in the ledger is exactly what their stored
   * messages cost.
   */
  async ledger() {
    const accounts = await this.pool.query<{ n: string; credits: string }>('SELECT count(*) AS n, coalesce(sum(balance), 0) AS credits FROM credit_accounts');
    const entries = await this.pool.query<{ n: string; total: string }>('SELECT count(*) AS n, coalesce(sum(amount), 0) AS total FROM credit_ledger');
    const unbalanced = await this.pool.query<{ user_id: number; balance: number; sum: string; last: number | null }>(`
      SELECT a.user_id, a.balance, coalesce(l.sum, 0) AS sum, last.balance_after AS last
      FROM credit_accounts a
      LEFT JOIN (SELECT user_id, sum(amount) AS sum FROM credit_ledger GROUP BY user_id) l ON l.user_id = a.user_id
      LEFT JOIN LATERAL (SELECT balance_after FROM credit_ledger x WHERE x.user_id = a.user_id ORDER BY x.id DESC LIMIT 1) last ON true
      WHERE a.balance <> coalesce(l.sum, 0) OR (last.balance_after IS NOT NULL AND last.balance_after <> a.balance)`);
    const chat = await this.pool.query<{ user_id: number; spent: string; cost: string }>(`
      SELECT coalesce(s.user_id, m.sender_id) AS user_id, coalesce(s.spent, 0) AS spent, coalesce(m.cost, 0) AS cost
      FROM (SELECT user_id, -sum(amount) AS spent FROM credit_ledger WHERE reason LIKE 'chat:%' GROUP BY user_id) s
      FULL JOIN (SELECT sender_id, sum(credits) AS cost FROM chat_messages GROUP BY sender_id) m ON m.sender_id = s.user_id`);
    const chatWrong = chat.rows.filter((r) => Number(r.spent) !== Number(r.cost));
    return {
      accounts: Number(accounts.rows[0].n),
      balances: Number(accounts.rows[0].credits),
      entries: Number(entries.rows[0].n),
      ledgerTotal: Number(entries.rows[0].total),
      unbalanced: unbalanced.rows.length,
      chatSpent: chat.rows.reduce((n, r) => n + Number(r.spent), 0),
      chatCost: chat.rows.reduce((n, r) => n + Number(r.cost), 0),
      chatWrong: chatWrong.length,
    };
  }

  /** A member's balance and how many payment grants their ledger has. */
  async creditsOf(userId: number) {
    const { rows } = await this.pool.query<{ balance: number | null; payments: string }>(`
      SELECT (SELECT balance FROM credit_accounts WHERE user_id = $1) AS balance,
        (SELECT count(*) FROM credit_ledger WHERE user_id = $1 AND reference LIKE 'payment:%') AS payments`, [userId]);
    return { balance: rows[0].balance ?? 0, payments: Number(rows[0].payments) };
  }
}
