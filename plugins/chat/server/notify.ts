import { sql } from 'kysely';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { REMINDER_AFTER_MS, REMINDER_EVERY_MS } from '../contract.ts';
import type { NotificationsService } from '../../notifications/server.ts';
import { accounts } from '../../auth/server.ts';
import { isRealMember, type MembersService } from '../../members/server.ts';

export const NOTIFY_JOB = 'chat:notify';

declare module '../../../kernel/server/jobs.ts' {
  interface JobPayloads {
    /** A message was sent: tell its recipient if they are away (`started`: it began the conversation). */
    'chat:notify': { message: number; started: boolean };
  }
}
const REMINDERS_EVERY_MS = 3600_000;
const REMINDER_BATCH = 500;

/**
 * The site a notice links to: the one whose canonical origin the member's own chat row recorded
 * (the site they last used the conversation on; the conversation's site while they have not
 * written yet), else the default site. The stored value only picks a configured site: links are
 * built from that site's canonical_url, so a stray value can never become a link.
 */
async function siteOf(kernel: Kernel, stored: string | null): Promise<SiteSettings> {
  let host = '';
  try {
    if (stored) host = new URL(stored).host;
  } catch { /* not a URL: the default site */ }
  return kernel.sites.resolve(host);
}

/**
 * A member who is away hears of a new message: by push, else by mail, once until they read the
 * conversation again. Runs as a job a moment after the send, so a member who is reading along
 * (socket open, page visible) gets nothing.
 */
export function registerChatNotices(kernel: Kernel, { members, notifications }: { members: MembersService; notifications: NotificationsService | undefined }) {
  kernel.jobs.handle(NOTIFY_JOB, async (payload) => {
    const messageId = Number(payload.message);
    const started = payload.started === true;
    const { rows } = await sql<{ conversation_id: number; sender: number; recipient: number; unread: number; notified_at: Date | null; origin: string | null }>`
      SELECT m.conversation_id, m.sender_id AS sender, cm.user_id AS recipient, cm.unread, cm.notified_at, COALESCE(cm.origin, sm.origin) AS origin
      FROM chat_messages m
      JOIN chat_members cm ON cm.conversation_id = m.conversation_id AND cm.user_id <> m.sender_id
      LEFT JOIN chat_members sm ON sm.conversation_id = m.conversation_id AND sm.user_id = m.sender_id
      WHERE m.id = ${messageId}`.execute(kernel.db);
    const c = rows[0];
    // Read already or told already: nothing to do.
    if (!c || !notifications || c.unread === 0 || c.notified_at) return;
    // The recipient's address (auth) and both names (members): one message, a few key lookups.
    const [contact, basics] = await Promise.all([
      accounts.contact(kernel.db, c.recipient),
      members.basics([c.sender, c.recipient]),
    ]);
    const sender = basics.get(c.sender), recipient = basics.get(c.recipient);
    // A deleted account or a demo member: nothing to do.
    if (!contact || !sender || !recipient || recipient.demo) return;
    const r = { ...c, email: contact.email, language: contact.language, sender_name: sender.name };
    const site = await siteOf(kernel, r.origin);
    // Chat switched off for that site since: no notice from there.
    if (!kernel.self.on(site)) return;
    const t = (key: string) => kernel.mail.texts.t(r.language, key, { name: r.sender_name, site: site.name });
    // A path: the mail gets the site's canonical origin from the kernel, the push worker opens it on its own origin.
    const path = `/chats/${r.conversation_id}`;
    const category = started ? 'new_conversations' : 'new_messages';
    const kind = started ? 'newConversation' : 'newMessage';
    const how = await notifications.notifyAway(r.recipient, category, {
      push: { title: t(`chat:notice.${kind}.title`), body: t(`chat:notice.${kind}.body`), url: path, tag: `chat-${r.conversation_id}` },
      mail: async () => ({
        to: r.email, locale: r.language, site, userId: r.recipient, category,
        subject: t(`chat:notice.${kind}.title`), heading: t(`chat:notice.${kind}.title`),
        paragraphs: [t(`chat:notice.${kind}.body`)], action: { label: t('chat:notice.open'), path },
      }),
    });
    if (how !== 'none') {
      await kernel.db.updateTable('chat_members').set({ notified_at: kernel.clock.now() })
        .where('conversation_id', '=', r.conversation_id).where('user_id', '=', r.recipient).execute();
    }
  });

  kernel.jobs.every('chat:unread-reminders', REMINDERS_EVERY_MS, async () => { await sendReminders(kernel, notifications); });
}

/** One mail per member with messages unread for a day, at most every few days, if they allow it. */
export async function sendReminders(kernel: Kernel, service: NotificationsService | undefined): Promise<number> {
  if (!service) return 0;
  const now = kernel.clock.now().getTime();
  const { rows } = await sql<{ user_id: number; unread: number; origin: string | null; email: string; language: string | null }>`
    SELECT cm.user_id, sum(cm.unread)::int AS unread, u.email, u.language,
      max(COALESCE(cm.origin, (SELECT o.origin FROM chat_members o WHERE o.conversation_id = cm.conversation_id AND o.user_id <> cm.user_id))) AS origin
    FROM chat_members cm
    ${accounts.joinLive('u', sql`cm.user_id`, { active: true })}
    WHERE cm.unread > 0 AND NOT cm.hidden AND ${isRealMember(sql`cm.user_id`)}
      AND EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = cm.conversation_id AND m.id > cm.read_up_to
        AND m.sender_id <> cm.user_id AND m.created_at < ${new Date(now - REMINDER_AFTER_MS)})
    GROUP BY cm.user_id, u.email, u.language
    HAVING max(cm.reminded_at) IS NULL OR max(cm.reminded_at) < ${new Date(now - REMINDER_EVERY_MS)}
    LIMIT ${REMINDER_BATCH}`.execute(kernel.db);
  let sent = 0;
  for (const r of rows) {
    const site = await siteOf(kernel, r.origin);
    // Where chat is off, its reminders are too (the job skips that domain's members).
    if (kernel.self.on(site) && await service.allows(r.user_id, 'unread_message_reminders')) {
      const t = (key: string) => kernel.mail.texts.t(r.language, key, { count: r.unread, site: site.name });
      await kernel.mail.queue({
        to: r.email, locale: r.language, site, userId: r.user_id, category: 'unread_message_reminders',
        subject: t('chat:notice.reminder.title'), heading: t('chat:notice.reminder.title'),
        paragraphs: [t('chat:notice.reminder.body')], action: { label: t('chat:notice.openChats'), path: '/chats' },
      });
      sent++;
    }
    await kernel.db.updateTable('chat_members').set({ reminded_at: kernel.clock.now() }).where('user_id', '=', r.user_id).where('unread', '>', 0).execute();
  }
  return sent;
}
