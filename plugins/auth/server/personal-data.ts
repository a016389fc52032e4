import type { DB } from '../../../kernel/server/db.ts';

/**
 * A member's copy of their own data (GDPR articles 15 and 20) is put together from parts: each
 * plugin that keeps something about a member says what, from its own tables, next to where it says
 * how that is erased (`onErase`). Whoever builds the copy reads no other plugin's tables and knows
 * none of the parts by name.
 */
export interface PersonalDataSource {
  /**
   * Names the part: its data is `<name>.json` in the copy, its files (photos) are in the folder
   * `<name>/`. Lower case letters, digits and dashes; unique among all plugins.
   */
  name: string;
  /**
   * Key of the text (in the owner's namespace) that explains the part to the member in the copy's
   * README, in their language; `{{file}}` and `{{folder}}` are filled in.
   */
  about: string;
  /** What the plugin keeps about the member, read on `db`. */
  collect(userId: number, db: DB): Promise<PersonalData>;
}

export interface PersonalData {
  /** JSON-able values (a Date becomes its ISO string). */
  data: unknown;
  /** Stored files to include: the storage key, and the file's name inside the part's folder. */
  files?: { key: string; name: string }[];
}

const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The list of parts (auth's service holds one). */
export function personalDataSources() {
  const sources: PersonalDataSource[] = [];
  return {
    add(source: PersonalDataSource) {
      if (!NAME.test(source.name)) throw new Error(`personal data part "${source.name}": the name must match ${NAME}`);
      if (sources.some((s) => s.name === source.name)) throw new Error(`personal data part "${source.name}" is registered twice`);
      sources.push(source);
    },
    list: (): readonly PersonalDataSource[] => sources,
  };
}

/** Auth's own part: the account (address, language, dates) and the addresses it logged in from. */
export const accountSource: PersonalDataSource = {
  name: 'account',
  about: 'auth:personalData.account',
  async collect(userId, db) {
    const account = await db.selectFrom('users')
      .select(['id', 'email', 'status', 'language', 'signup_date', 'created_at', 'last_seen', 'deleted_at'])
      .where('id', '=', userId).executeTakeFirst();
    const logins = await db.selectFrom('auth_known_addresses').select(['ip', 'last_login'])
      .where('user_id', '=', userId).orderBy('last_login', 'desc').execute();
    return { data: { account: account ?? null, login_addresses: logins } };
  },
};
