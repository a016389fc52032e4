import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { notFound } from '../../kernel/server/errors.ts';
import type { CompanyInfo } from './contract.ts';
import pagesPlugin from './plugin.ts';

const COMPANIES_FILE = process.env.COMPANIES_CONFIG ?? './config/companies.json';

export default defineServerPlugin(pagesPlugin, {
  migrations: [{
    name: '001_companies',
    async up(db) {
      await sql`CREATE TABLE companies (id integer PRIMARY KEY, info jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    },
  }],
  /** Companies from the config file that the database lacks (operators' edits win). */
  async start(kernel) {
    const file = path.resolve(COMPANIES_FILE);
    const companies = JSON.parse(await fs.readFile(file, 'utf8').catch(() => '{}')) as Record<string, Omit<CompanyInfo, 'id'>>;
    for (const [id, info] of Object.entries(companies)) {
      await kernel.db.insertInto('companies').values({ id: Number(id), info: JSON.stringify(info) })
        .onConflict((oc) => oc.column('id').doNothing()).execute();
    }
  },
  api(app, kernel) {
    app.get('/companyinfo.php', { config: { access: 'visitor' } }, async (req) => {
      const row = await kernel.db.selectFrom('companies').select(['id', 'info']).where('id', '=', req.site.company_id).executeTakeFirst();
      if (!row) throw notFound('company_not_found', `No company ${req.site.company_id} configured for this site`);
      const info = typeof row.info === 'string' ? JSON.parse(row.info) : row.info;
      return { company: { id: row.id, ...info } as CompanyInfo };
    });
  },
});
