import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { waitlistAdminPageSchema, waitlistAdminQuerySchema } from '@escrow/shared/schemas/waitlist';
import type { WaitlistEntryRow } from '../../db/schema/waitlist.ts';
import { envelope, errorEnvelope, ok } from '../../lib/envelope.ts';
import { recordAudit } from '../audit/index.ts';
import { csvRow } from './waitlist.csv.ts';
import type { WaitlistDeps, WaitlistService } from './waitlist.service.ts';

const failures = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, errorEnvelope]));
const tags = ['admin', 'waitlist'];
const security = [{ bearerAuth: [] }];

const CSV_HEADER = [
  'Email',
  'First name',
  'Last name',
  'Phone',
  'Interest',
  'Joined at',
  'Welcome e-mail sent at',
];

const toAdminEntry = (row: WaitlistEntryRow) => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  interest: row.interest,
  welcomeEmailSentAt: row.welcomeEmailSentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Staff only (ADMIN, SUPPORT): the waitlist, paged and as a CSV download. Full paths under /api. */
export const waitlistAdminRoutes: FastifyPluginAsyncZod<{
  service: WaitlistService;
  deps: WaitlistDeps;
}> = async (app, { service, deps }) => {
  const staffOnly = app.requireRole('ADMIN', 'SUPPORT');

  app.get(
    '/admin/waitlist',
    {
      preHandler: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Waitlist entries, newest first',
        querystring: waitlistAdminQuerySchema,
        response: { 200: envelope(waitlistAdminPageSchema), ...failures(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await service.list(page, limit);
      return ok({ entries: rows.map(toAdminEntry), total, page });
    },
  );

  app.get(
    '/admin/waitlist/export.csv',
    {
      preHandler: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Every waitlist entry as CSV',
        response: { 200: z.string().describe('text/csv'), ...failures(401, 403) },
      },
    },
    async (request, reply) => {
      let csv = csvRow(CSV_HEADER);
      let count = 0;
      for await (const batch of service.all()) {
        for (const row of batch) {
          count += 1;
          const entry = toAdminEntry(row);
          csv += csvRow([
            entry.email,
            entry.firstName,
            entry.lastName,
            entry.phone,
            entry.interest,
            entry.createdAt,
            entry.welcomeEmailSentAt,
          ]);
        }
      }
      const date = service.today().toISOString().slice(0, 10);
      // Personal data leaving the system: on record, like every staff action.
      await deps.db.transaction((tx) =>
        recordAudit(tx, {
          actorId: request.user!.id,
          action: 'waitlist.export',
          targetType: 'waitlist',
          targetId: 'waitlist',
          summary: { after: { entries: count } },
          requestId: request.id,
          at: deps.clock.now(),
        }),
      );
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="waitlist-${date}.csv"`)
          .header('cache-control', 'no-store')
          // The body is already CSV text; the JSON serializer of the response schema must not quote it.
          .serializer((payload: unknown) => payload as string)
          .send(csv)
      );
    },
  );
};
