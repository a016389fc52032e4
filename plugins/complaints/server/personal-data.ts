import type { PersonalDataSource } from '../../auth/server.ts';

/**
 * The complaints plugin's part of a member's copy of their data (auth's addPersonalData): the
 * complaints they sent while logged in and the answers customer service mailed them. Who answered
 * is staff's, not the member's, and stays out.
 */
export const complaintsData: PersonalDataSource = {
  name: 'complaints',
  about: 'complaints:personalData.complaints',
  async collect(userId, db) {
    const sent = await db.selectFrom('complaints')
      .select(['id', 'reference', 'domain', 'name', 'email', 'topic', 'text', 'status', 'created_at'])
      .where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    const answers = sent.length
      ? await db.selectFrom('complaint_answers').select(['complaint_id', 'text', 'sent_at'])
        .where('complaint_id', 'in', sent.map((c) => c.id)).orderBy('sent_at').orderBy('id').execute()
      : [];
    return {
      data: {
        complaints: sent.map(({ id, ...c }) => ({
          ...c, answers: answers.filter((a) => a.complaint_id === id).map(({ text, sent_at }) => ({ text, sent_at })),
        })),
      },
    };
  },
};
