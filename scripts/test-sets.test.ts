import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allTestFiles, servicesTestFiles } from './lib/test-sets.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What makes a test file depend on real services: Redis (BullMQ, pub/sub) or a server-side fault. */
const NEEDS_SERVICES = /redisReachable|test-redis|pg_terminate_backend/;

describe('CI test sets', () => {
  const tagged = servicesTestFiles(root);

  it('finds the @services files of every kind', () => {
    expect(tagged).toEqual(
      expect.arrayContaining([
        'apps/tenant-api/src/modules/attendance/live-redis.test.ts',
        'packages/jobs/src/outbox.test.ts',
        'apps/control-plane/src/modules/provisioning/provisioning.test.ts',
        'packages/db/src/pool-cache.test.ts',
      ]),
    );
    expect(tagged).not.toContain('scripts/test-sets.test.ts');
  });

  it('tags every file that needs Redis or a server fault (CI runs it only where those exist)', () => {
    const untagged = allTestFiles(root).filter(
      (file) =>
        file !== 'scripts/test-sets.test.ts' && NEEDS_SERVICES.test(readFileSync(join(root, file), 'utf8')) && !tagged.includes(file),
    );
    expect(untagged).toEqual([]);
  });
});
