import type { Knex } from 'knex';
import type { CatalogueInfo, CentrePlanInfo } from '@kv/auth';

/** A centre's plan and trial (null when the centre is unknown or deleted); dates as `YYYY-MM-DD` text. */
export async function centrePlan(db: Knex, centreId: string): Promise<CentrePlanInfo | null> {
  const row = await db('centers as c')
    .leftJoin('center_plans as p', 'p.id', 'c.center_billing_plan_id')
    .where('c.id', centreId)
    .whereNot('c.status', 'deleted')
    .first(
      db.raw('c.id::text as center_id'),
      'c.status',
      'c.on_trial',
      db.raw(`to_char(c.trial_start_date, 'YYYY-MM-DD') as trial_start_date`),
      'c.trial_days',
      db.raw(`case when c.on_trial and c.trial_start_date is not null and c.trial_days is not null
                   then to_char(c.trial_start_date + c.trial_days, 'YYYY-MM-DD') end as trial_ends_on`),
      db.raw(`case when c.on_trial and c.trial_start_date is not null and c.trial_days is not null
                   then greatest(0, c.trial_start_date + c.trial_days - current_date) end as trial_days_left`),
      db.raw(`to_char(c.payment_start, 'YYYY-MM-DD') as payment_start`),
      db.raw(`to_char(c.payment_end, 'YYYY-MM-DD') as payment_end`),
      'c.billing_method',
      db.raw('p.id::text as plan_id'),
      'p.name as plan_name',
      db.raw('p.amount::text as plan_amount'),
      'p.period as plan_period',
      'p.note as plan_note',
    );
  if (!row) return null;
  const { plan_id, plan_name, plan_amount, plan_period, plan_note, ...centre } = row;
  return {
    ...centre,
    plan: plan_id ? { id: plan_id, name: plan_name, amount: plan_amount, period: plan_period, note: plan_note } : null,
  };
}

/** A platform catalogue with its items in order (null when there is none of that name). */
export async function catalogue(db: Knex, name: string): Promise<CatalogueInfo | null> {
  const row = await db('platform_catalogues as c')
    .where('c.name', name)
    .first(
      'c.name',
      'c.title',
      'c.description',
      db.raw(`to_char(greatest(c.updated_at, (select max(i.updated_at) from platform_catalogue_items i where i.catalogue = c.name))
                      at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`),
      db.raw(`coalesce((select json_agg(json_build_object('key', i.key, 'position', i.position, 'data', i.data) order by i.position, i.key)
                          from platform_catalogue_items i where i.catalogue = c.name), '[]') as items`),
    );
  return row ?? null;
}

/** Whether the centre exists and is not deleted. */
export async function centreKnown(db: Knex, centreId: string): Promise<boolean> {
  return Boolean(await db('centers').where('id', centreId).whereNot('status', 'deleted').first('id'));
}
