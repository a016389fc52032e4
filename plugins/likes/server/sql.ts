import { sql, type RawBuilder } from 'kysely';

/**
 * SQL condition: member `from` has liked member `to` (SQL expressions), for another plugin's query
 * that filters many members in one statement (the swipe game's cards: "not liked yet").
 */
export const hasLiked = (from: RawBuilder<unknown>, to: RawBuilder<unknown>) =>
  sql<boolean>`EXISTS (SELECT 1 FROM likes l WHERE l.user_id = ${from} AND l.liked_id = ${to})`;
