// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { createTestI18n } from '../../../test/test-i18n';
import { ApiGroupsCard } from './api-groups-card';

/** What the mocked urql hooks answer: the groups, and each group's recorded restarts. */
const backend = vi.hoisted(() => ({ groups: [] as unknown[], restarts: [] as unknown[] }));

vi.mock('urql', () => {
  const nameOf = (doc: { definitions: { name?: { value: string } }[] }) => doc.definitions[0]?.name?.value ?? '';
  return {
    useQuery: ({ query }: { query: never }) => {
      const data =
        nameOf(query) === 'OperatorApiGroupRestarts'
          ? { getApiGroupRestarts: { data: backend.restarts, paginatorInfo: { total: backend.restarts.length } } }
          : { getApiGroups: backend.groups };
      return [{ data, fetching: false }, () => {}];
    },
    useMutation: () => [{ fetching: false }, async () => ({})],
  };
});

const restart = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  mode: 'ecs',
  status,
  started_at: '2026-12-03T09:00:00.000Z',
  finished_at: status === 'running' ? null : '2026-12-03T09:05:00.000Z',
  started_by: 'Ada Operator (admin-op)',
  replaced: 2,
  total: 3,
  error: null,
  deployment: 'ecs-svc/2',
  ...extra,
});

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(cleanup);

describe('ApiGroupsCard', () => {
  it('shows ECS tasks by task id with a dash for what ECS does not measure, the rollout, and the recorded restarts', () => {
    backend.groups = [
      {
        name: 'kv-api',
        mode: 'ecs',
        size: 3,
        workers: [
          {
            id: 1,
            pid: null,
            task: '0f1e2d3c4b5a',
            started_at: '2026-12-03T09:01:00.000Z',
            uptime_seconds: 125,
            memory_rss: null,
            requests_in_flight: null,
            requests_served: null,
            status: 'unhealthy',
          },
        ],
        last_restart: restart('9', 'running'),
      },
    ];
    backend.restarts = [
      restart('9', 'running'),
      restart('8', 'failed', { replaced: 0, error: 'ECS deployment circuit breaker: tasks failed to start.' }),
    ];
    renderWithProviders(<ApiGroupsCard canRestart />, i18n);

    const group = screen.getByTestId('api-group-kv-api');
    expect(within(group).getByText('ECS service, 3 tasks')).toBeTruthy();
    const workers = within(group).getByRole('table', { name: 'Group kv-api' });
    expect(within(workers).getByRole('columnheader', { name: /ECS task/ })).toBeTruthy();
    expect(within(workers).queryByRole('columnheader', { name: /PID/ })).toBeNull();
    const cells = within(workers).getAllByRole('row')[1]!.querySelectorAll('td');
    expect([...cells].map((c) => c.textContent)).toEqual(['1', '0f1e2d3c4b5a', 'Unhealthy', '2m 5s', '—', '—', '—']);
    expect(within(group).getByTestId('last-restart').textContent).toContain('2 of 3 new tasks running');

    const history = within(group).getByTestId('restart-history');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.textContent).toContain('0 of 3');
    expect(rows[1]!.textContent).toContain('ECS deployment circuit breaker: tasks failed to start.');
  });

  it('shows a cluster worker by pid and its figures, and no history when none was recorded', () => {
    backend.groups = [
      {
        name: 'api',
        mode: 'cluster',
        size: 2,
        workers: [
          {
            id: 3,
            pid: 4242,
            task: null,
            started_at: '2026-12-03T09:01:00.000Z',
            uptime_seconds: 5,
            memory_rss: 2048,
            requests_in_flight: 0,
            requests_served: 17,
            status: 'ready',
          },
        ],
        last_restart: null,
      },
    ];
    backend.restarts = [];
    renderWithProviders(<ApiGroupsCard canRestart={false} />, i18n);
    const group = screen.getByTestId('api-group-api');
    const cells = within(group).getAllByRole('row')[1]!.querySelectorAll('td');
    expect([...cells].map((c) => c.textContent)).toEqual(['3', '4242', 'Ready', '5s', '2.0 KB', '0', '17']);
    expect(within(group).getByTestId('last-restart').textContent).toContain('No restart recorded.');
    expect(within(group).queryByTestId('restart-history')).toBeNull();
  });
});
