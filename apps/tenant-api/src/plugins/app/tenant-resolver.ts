import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { normaliseHost, trialOverUnbilled } from '@kv/directory';
import type { CentreEntry, TenantApiDeps } from '../../types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: CentreEntry;
    /** The centre's database; the pool opens on first use. */
    tenantDb(): Promise<Knex>;
  }
}

const STATUS_ANSWERS: Record<string, { statusCode: number; code: string; message: string }> = {
  provisioning: { statusCode: 503, code: 'CENTRE_PROVISIONING', message: 'This centre is being set up. Please try again in a minute.' },
  failed: { statusCode: 503, code: 'CENTRE_UNAVAILABLE', message: 'This centre is temporarily unavailable.' },
  maintenance: { statusCode: 503, code: 'CENTRE_MAINTENANCE', message: 'This centre is under maintenance. Please try again in a few minutes.' },
  suspended: { statusCode: 403, code: 'CENTRE_SUSPENDED', message: 'This centre is suspended. Please contact its administrator.' },
};

/**
 * Host → centre. The Host header (or X-Forwarded-Host behind a configured proxy only) is
 * normalised and looked up in the directory; an unknown host is a 404, never a default centre.
 */
export const tenantResolver = fp(
  async (app, { deps }: { deps: TenantApiDeps }) => {
    app.decorateRequest('tenant', null as unknown as CentreEntry);
    app.decorateRequest('tenantDb', null as unknown as () => Promise<Knex>);

    app.addHook('onRequest', async (request, reply) => {
      const host = normaliseHost(request.hostname);
      const tenant = host ? await deps.directory.resolve(host) : null;
      if (!tenant) return reply.code(404).send({ error: 'Unknown centre', code: 'CENTRE_NOT_FOUND' });
      const blocked = STATUS_ANSWERS[tenant.status];
      const isApi = request.url.startsWith('/graphql');
      if (blocked && isApi) {
        return reply.code(blocked.statusCode).send({ errors: [{ message: blocked.message, extensions: { code: blocked.code } }] });
      }
      if (isApi && trialOverUnbilled(tenant)) {
        return reply
          .code(402)
          .send({ errors: [{ message: 'The trial of this centre has ended.', extensions: { code: 'CENTRE_TRIAL_EXPIRED' } }] });
      }
      request.tenant = tenant;
      let db: Promise<Knex> | undefined;
      request.tenantDb = () => (db ??= deps.directory.connectionUrl(tenant).then((url) => deps.pools.get(tenant.id, url)));
    });
  },
  { name: 'tenant-resolver' },
);
