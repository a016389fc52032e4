import type { Kernel } from '../../../kernel/server/plugin.ts';
import type { SiteSettings } from '../../../kernel/contract/settings.ts';
import { DEFAULT_LOCALE, toLocale } from '../../../kernel/contract/locales.ts';
import type { PersonalDataSource } from '../../auth/server.ts';
import { makeZip, type ZipEntry } from './zip.ts';

/** A file name a part may give inside its folder: no path, nothing hidden. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

/** One line of the README: a file of the copy and what it holds, in the member's language. */
export interface ReadmeEntry { file: string; folder: string | null; about: string }

/**
 * The member's copy as a ZIP: each plugin's part as `<name>.json` (and its files in `<name>/`), and
 * README.txt / README.json in the member's language saying what each file holds.
 */
export async function buildCopy(kernel: Kernel, sources: readonly PersonalDataSource[], opts: {
  userId: number; locale: string; site: SiteSettings; now: Date;
}): Promise<Buffer> {
  const t = (key: string, p: Record<string, string | number> = {}) => kernel.mail.texts.t(opts.locale, key, p);
  const entries: ZipEntry[] = [];
  const readme: ReadmeEntry[] = [];
  for (const source of sources) {
    const part = await source.collect(opts.userId, kernel.db);
    const file = `${source.name}.json`;
    entries.push({ name: file, data: Buffer.from(`${JSON.stringify(part.data, null, 2)}\n`) });
    let files = 0;
    for (const f of part.files ?? []) {
      if (!FILE_NAME.test(f.name)) throw new Error(`personal data part ${source.name}: file name ${JSON.stringify(f.name)} is not allowed`);
      const bytes = await kernel.storage.read(f.key);
      // A file the part names but storage no longer has (deleted meanwhile): the copy goes without it.
      if (!bytes) { kernel.log.warn({ part: source.name, key: f.key }, 'data export: a stored file is missing'); continue; }
      // Photos are compressed already.
      entries.push({ name: `${source.name}/${f.name}`, data: bytes, compress: false });
      files++;
    }
    const folder = files ? `${source.name}/` : null;
    readme.push({ file, folder, about: t(source.about, { file, folder: `${source.name}/` }) });
  }
  const site = opts.site.mail_name || opts.site.name;
  const date = new Intl.DateTimeFormat(toLocale(opts.locale) ?? DEFAULT_LOCALE, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(opts.now);
  const text = [
    t('data-export:readme.title', { site }),
    '',
    t('data-export:readme.intro', { site, date }),
    t('data-export:readme.format'),
    '',
    t('data-export:readme.files'),
    '',
    ...readme.flatMap((r) => [`${r.file}${r.folder ? ` + ${r.folder}` : ''}`, `  ${r.about}`, '']),
    t('data-export:readme.questions', { site }),
    '',
  ].join('\n');
  const json = { site, domain: opts.site.domain, language: opts.locale, generated_at: opts.now.toISOString(), files: readme };
  return makeZip([
    { name: 'README.txt', data: Buffer.from(text) },
    { name: 'README.json', data: Buffer.from(`${JSON.stringify(json, null, 2)}\n`) },
    ...entries,
  ], opts.now);
}
