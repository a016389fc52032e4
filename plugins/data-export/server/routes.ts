import type { FastifyInstance } from 'fastify';
import type { Kernel } from '../../../kernel/server/plugin.ts';
import { memberId } from '../../../kernel/server/access.ts';
import { requestLocale } from '../../../kernel/server/request.ts';
import { downloadExport, exportState, requestExport } from '../contract.ts';
import type { Exports } from './exports.ts';

/** "FlirtHaven" → "flirthaven": the download's file name, plain ASCII. */
const slug = (name: string) => name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'data';

export function exportRoutes(app: FastifyInstance, kernel: Kernel, exports: Exports) {
  kernel.serve(app, exportState, async (req) => exports.state(memberId(req)));

  kernel.serve(app, requestExport, async (req) => {
    const userId = memberId(req);
    await exports.request(userId, requestLocale(req), req.site.domain);
    return exports.state(userId);
  });

  kernel.serve(app, downloadExport, async (req, reply) => {
    const { zip, readyAt } = await exports.file(memberId(req), req.query.id);
    const name = `${slug(req.site.mail_name || req.site.name)}-data-${readyAt.toISOString().slice(0, 10)}.zip`;
    // A member's personal data: never kept by a shared cache, nor by the browser's.
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Content-Disposition', `attachment; filename="${name}"`);
    reply.header('X-Content-Type-Options', 'nosniff');
    return reply.type('application/zip').send(zip);
  });
}
