import type { PersonalDataSource } from '../../auth/server.ts';

/** The source's id is our own key (it was in the visitor's cookie), not something about the member. */
const withoutSource = <T extends { source_id: string }>({ source_id: _, ...rest }: T) => rest;

/**
 * The affiliates plugin's part of a member's copy of their data (auth's addPersonalData): the
 * partner's link they came through (its codes and the page they landed on) and what we told that
 * partner about them — which event, when, and whether the partner received it. Partners are told
 * events by the link's click id and codes, never the member's name or address.
 */
export const attributionData: PersonalDataSource = {
  name: 'attribution',
  about: 'affiliates:personalData.attribution',
  async collect(userId, db) {
    const came = await db.selectFrom('affiliate_attributions as a').innerJoin('affiliate_sources as s', 's.id', 'a.source_id')
      .select(['a.source_id', 's.domain', 's.network', 's.ref', 's.sub1', 's.sub2', 's.sub3', 's.click_id', 's.lander', 's.country', 's.created_at as visited_at', 'a.created_at as attributed_at'])
      .where('a.user_id', '=', userId).executeTakeFirst();
    // The visit was counted before there was an account: it is theirs through the source.
    const events = await db.selectFrom('affiliate_events').select(['id', 'kind', 'amount', 'currency', 'created_at'])
      .where((w) => w.or([
        w('user_id', '=', userId),
        ...(came ? [w.and([w('source_id', '=', came.source_id), w('kind', '=', 'visit')])] : []),
      ]))
      .orderBy('created_at').orderBy('id').execute();
    const told = events.length
      ? await db.selectFrom('affiliate_postbacks').select(['event_id', 'network', 'status', 'finished_at'])
        .where('event_id', 'in', events.map((e) => e.id)).orderBy('id').execute()
      : [];
    return {
      data: {
        came_through: came ? withoutSource(came) : null,
        events: events.map(({ id, ...e }) => ({
          ...e,
          reported_to: told.filter((p) => String(p.event_id) === String(id)).map(({ network, status, finished_at }) => ({ network, status, finished_at })),
        })),
      },
    };
  },
};
