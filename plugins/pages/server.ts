import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { defineServerPlugin } from '../../kernel/server/plugin.ts';
import { notFound } from '../../kernel/server/errors.ts';
import type { DB } from '../../kernel/server/db.ts';
import { serviceRef } from '../../kernel/server/services.ts';
import { companyInfo, type CompanyInfo } from './contract.ts';
import pagesPlugin from './plugin.ts';

/** The operating companies (legal data for receipts and mandates): other plugins read them here. */
export interface CompaniesService { company(id: number): Promise<CompanyInfo | null> }
export const companiesRef = serviceRef<CompaniesService>('pages:companies');

async function company(db: DB, id: number): Promise<CompanyInfo | null> {
  const row = await db.selectFrom('companies').select(['id', 'info']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const info = typeof row.info === 'string' ? JSON.parse(row.info) : row.info;
  return { id: row.id, ...info } as CompanyInfo;
}

const COMPANIES_FILE = process.env.COMPANIES_CONFIG ?? './config/companies.json';

export default defineServerPlugin(pagesPlugin, {
  migrations: [{
    name: '001_companies',
    async up(db) {
      await sql`CREATE TABLE companies (id integer PRIMARY KEY, info jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`.execute(db);
    },
  }],
  init(kernel) {
    kernel.services.provide(companiesRef, { company: (id) => company(kernel.db, id) });
  },
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
    kernel.serve(app, companyInfo, async (req) => {
      const found = await company(kernel.db, req.site.company_id);
      if (!found) throw notFound('company_not_found', `No company ${req.site.company_id} configured for this site`);
      return { company: found };
    });
  },
});
