// What both halves of the data export share: the state of a member's copy and its three endpoints.
import Type, { type Static } from 'typebox';
import { endpoint } from '../../kernel/contract/endpoint.ts';

/** A ready copy can be downloaded this long, then it is deleted. */
export const EXPORT_VALID_HOURS = 24;
/** At most one copy is asked for in this many hours (a failed one does not count). */
export const EXPORT_EVERY_HOURS = 24;

const Iso = Type.String({ format: 'date-time' });
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/**
 * 'requested': being put together (a job, off the request); 'ready': downloadable until
 * `expires_at`; 'expired': deleted after its day; 'failed': could not be made (ask again).
 */
export const ExportStatus = Type.Enum(['requested', 'ready', 'expired', 'failed']);
export type ExportStatus = Static<typeof ExportStatus>;

export const DataExport = Type.Object({
  id: Type.Integer(),
  status: ExportStatus,
  requested_at: Iso,
  ready_at: Type.Union([Iso, Type.Null()]),
  expires_at: Type.Union([Iso, Type.Null()]),
  /** The ZIP's size in bytes (when ready). */
  size: Type.Union([Type.Integer(), Type.Null()]),
});
export type DataExport = Static<typeof DataExport>;

/** The member's latest copy (null: none asked for yet), and when the next may be asked for (null: now). */
export const ExportState = Type.Object({
  export: Type.Union([DataExport, Type.Null()]),
  next_request_at: Type.Union([Iso, Type.Null()]),
});
export type ExportState = Static<typeof ExportState>;

/** GET /api/data-export.php: where the member's copy stands. */
export const exportState = endpoint({ method: 'GET', path: '/api/data-export.php', access: 'member', response: ExportState });

/**
 * POST /api/data-export.php: asks for a copy; a job makes it and mails a link. Within
 * EXPORT_EVERY_HOURS of the last one: 429 `export_too_soon` with `params.next_request_at`.
 */
export const requestExport = endpoint({
  method: 'POST', path: '/api/data-export.php', access: 'member',
  body: Type.Object({}, { additionalProperties: false }),
  response: ExportState,
});

/**
 * GET /api/data-export-download.php?id=: the ZIP, for the member it belongs to only (another
 * member: 404); once expired: 410 `export_expired` (and the file is deleted if still there).
 */
export const downloadExport = endpoint({
  method: 'GET', path: '/api/data-export-download.php', access: 'member', raw: true,
  query: Type.Object({ id: Id }, { additionalProperties: false }),
});

/** Where the browser downloads a ready copy (a plain link: the answer is a file). */
export const downloadHref = (id: number) => `${downloadExport.path}?id=${id}`;
